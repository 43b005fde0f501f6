import type { IncomingMessage, ServerResponse } from 'node:http';
import { LOADER_NAME } from '../build-sync/loader-schema.js';
import type { RefreshContent } from './refresh-collections.js';
import { REFRESH_CONTEXT_KEY } from './refresh-products.js';

/** `GET /_audio-reviews/record?collection=products&id=fr/SKU-42`: the dev toolbar's link. */
export const RECORD_PATH = '/_audio-reviews/record';

/**
 * `astro dev` only: one entry's validated data as the store holds it (what the pages read),
 * asked of the collection's loader through Astro's refresh context.
 */
export function recordHandler(refreshContent: RefreshContent) {
	return (req: IncomingMessage, res: ServerResponse): void => {
		const query = new URL(req.url ?? '/', 'http://dev.invalid').searchParams;
		const collection = query.get('collection') ?? '';
		const id = query.get('id') ?? '';
		let found: unknown;
		const onRecord = (from: string, data: unknown) => {
			if (from === collection && data !== undefined) found = data;
		};
		const context = { [REFRESH_CONTEXT_KEY]: { record: id, onRecord } };
		void refreshContent({ loaders: [LOADER_NAME], context }).then(
			() =>
				reply(
					res,
					found === undefined ? 404 : 200,
					found ?? { error: 'not_found', collection, id },
				),
			(error: Error) => reply(res, 500, { error: 'failed', message: error.message }),
		);
	};
}

function reply(res: ServerResponse, status: number, body: unknown): void {
	res.writeHead(status, {
		'Content-Type': 'application/json; charset=utf-8',
		'Cache-Control': 'no-store',
	});
	res.end(`${JSON.stringify(body, null, 2)}\n`);
}
