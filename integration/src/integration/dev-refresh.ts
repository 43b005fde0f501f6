import { timingSafeEqual, createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RefreshContentOptions } from 'astro';
import { LOADER_NAME } from '../loaders/products-loader.js';
import { REFRESH_CONTEXT_KEY } from '../loaders/refresh-products.js';

/**
 * `astro dev` webhook: the backoffice POSTs here when a shop edits content. No body re-syncs
 * every productsLoader collection; `{ "ref": "X" }` or `{ "refs": [...] }` refreshes only those
 * products through the single-product endpoint.
 */

/** Bodies are a few refs; anything larger is not a webhook of ours. */
const MAX_BODY_BYTES = 64 * 1024;

export interface RefreshHandlerOptions {
	secret: string | undefined;
	refreshContent: (options: RefreshContentOptions) => Promise<void>;
	log: { info(message: string): void; warn(message: string): void };
}

export function createRefreshHandler(options: RefreshHandlerOptions) {
	return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
		if (req.method !== 'POST') return reply(res, 405, { error: 'Use POST' }, { Allow: 'POST' });
		if (options.secret !== undefined && !secretMatches(req, options.secret)) {
			return reply(res, 401, { error: 'Missing or wrong secret: send `Authorization: Bearer <secret>`' });
		}
		let refs: string[] | undefined;
		try {
			refs = parseRefs(await readBody(req));
		} catch (error) {
			return reply(res, 400, { error: (error as Error).message });
		}
		try {
			await options.refreshContent({
				loaders: [LOADER_NAME],
				...(refs ? { context: { [REFRESH_CONTEXT_KEY]: { refs } } } : {}),
			});
		} catch (error) {
			options.log.warn(`Refresh failed: ${(error as Error).message}`);
			return reply(res, 502, { error: `Refresh failed: ${(error as Error).message}` });
		}
		options.log.info(refs ? `Refreshed products ${refs.map((ref) => JSON.stringify(ref)).join(', ')}` : 'Re-synced every product');
		return reply(res, 200, { ok: true, refreshed: refs ?? 'all' });
	};
}

/** Constant-time: a webhook secret must not leak through response timing. */
function secretMatches(req: IncomingMessage, secret: string): boolean {
	const header = req.headers.authorization ?? '';
	const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
	// Hashing first gives equal lengths, which timingSafeEqual requires.
	const digest = (value: string) => createHash('sha256').update(value).digest();
	return timingSafeEqual(digest(given), digest(secret));
}

function parseRefs(body: string): string[] | undefined {
	if (body.trim() === '') return undefined;
	let json: unknown;
	try {
		json = JSON.parse(body);
	} catch {
		throw new Error('Expected a JSON body: {} , { "ref": "SKU-42" } or { "refs": ["SKU-42", "SKU-43"] }');
	}
	if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('Expected a JSON object');
	const { ref, refs } = json as { ref?: unknown; refs?: unknown };
	const list = ref !== undefined ? [ref] : refs;
	if (list === undefined) return undefined;
	if (!Array.isArray(list) || list.length === 0 || !list.every((item) => typeof item === 'string' && item.length > 0)) {
		throw new Error('Expected `ref` to be a non-empty string, or `refs` a non-empty array of them');
	}
	return list as string[];
}

async function readBody(req: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of req as AsyncIterable<Buffer>) {
		size += chunk.length;
		if (size > MAX_BODY_BYTES) throw new Error(`Body over ${MAX_BODY_BYTES} bytes`);
		chunks.push(chunk);
	}
	return Buffer.concat(chunks).toString('utf8');
}

function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
	res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
	res.end(JSON.stringify(body));
}
