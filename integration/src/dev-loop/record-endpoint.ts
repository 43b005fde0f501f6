import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DevHub } from './dev-hub.js';

/**
 * `astro dev` only, at `RECORD_PATH`: one entry's validated data as the store holds it (what the
 * pages read) and where its page's texts come from, read from what the loader handed over.
 */
export function recordHandler(hub: DevHub) {
	return (req: IncomingMessage, res: ServerResponse): void => {
		const query = new URL(req.url ?? '/', 'http://dev.invalid').searchParams;
		const collection = query.get('collection') ?? '';
		const id = query.get('id') ?? '';
		const found = hub.record(collection, id);
		reply(res, found ? 200 : 404, found ?? { error: 'not_found', collection, id });
	};
}

function reply(res: ServerResponse, status: number, body: unknown): void {
	res.writeHead(status, {
		'Content-Type': 'application/json; charset=utf-8',
		'Cache-Control': 'no-store',
	});
	res.end(`${JSON.stringify(body, null, 2)}\n`);
}
