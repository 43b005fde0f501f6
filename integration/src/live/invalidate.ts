import type { APIContext, APIRoute } from 'astro';
import { productTag, websiteTag } from '../loaders/cache-tags.js';
import { NO_STORE } from './cache-policy.js';
import { presentedSecret, secretsMatch } from './secret.js';

/** Below this a shared secret is guessable; the endpoint then refuses every call. */
export const MIN_SECRET_LENGTH = 16;
const MAX_BODY_BYTES = 64 * 1024;
const MAX_REF_LENGTH = 512;

export interface InvalidateHandlerOptions {
	/** The website whose pages are purged; tags embed it (see `productTag`, `websiteTag`). */
	websiteId: string;
	/**
	 * The shared secret the backoffice webhook presents, as `Authorization: Bearer <secret>` or
	 * `X-Audio-Reviews-Secret`. A function is read on every call, so a rotated environment
	 * variable takes effect without a rebuild.
	 */
	secret: string | undefined | (() => string | undefined);
	/** Most refs one call may name (default 1000). */
	maxRefs?: number;
}

/** What one call asks for: the listed products, or the whole website. */
export type InvalidationRequest = { scope: 'website' } | { scope: 'products'; refs: string[] };

export interface InvalidationResult {
	scope: 'website' | 'products';
	refs?: string[];
	tags: string[];
}

type CacheLike = Pick<APIContext['cache'], 'enabled' | 'invalidate'>;

/**
 * The route the backoffice webhook calls after content changes. `POST` with `{ "ref": "…" }`,
 * `{ "refs": ["…"] }`, or an empty body / `{}` for the whole website. Purges by cache tag
 * through Astro's route cache (`context.cache.invalidate`), whose provider forwards the purge
 * to the platform (memory cache on Node, the CDN on Netlify/Vercel/Cloudflare adapters).
 */
export function createInvalidateHandler(options: InvalidateHandlerOptions): APIRoute {
	const maxRefs = options.maxRefs ?? 1000;
	const readSecret = typeof options.secret === 'function' ? options.secret : () => options.secret as string | undefined;

	return async ({ request, cache }) => {
		if (request.method !== 'POST') {
			return json(405, { error: 'method_not_allowed', message: 'Use POST.' }, { Allow: 'POST' });
		}
		const expected = readSecret();
		if (!expected || expected.length < MIN_SECRET_LENGTH) {
			return json(503, {
				error: 'not_configured',
				message: `The invalidation secret is not set (or shorter than ${MIN_SECRET_LENGTH} characters); every call is refused until it is.`,
			});
		}
		const presented = presentedSecret(request.headers);
		if (presented === undefined || !secretsMatch(presented, expected)) {
			return json(401, { error: 'unauthorized', message: 'Missing or wrong secret.' }, { 'WWW-Authenticate': 'Bearer' });
		}
		const body = await readBody(request);
		if (!body.ok) return json(body.status, { error: 'bad_request', message: body.message });
		const parsed = parseInvalidationRequest(body.value, maxRefs);
		if (!parsed.ok) return json(400, { error: 'bad_request', message: parsed.message });
		if (!isCacheEnabled(cache)) {
			return json(501, {
				error: 'cache_disabled',
				message: 'Route caching is not enabled (set `cache.provider` in the Astro config); nothing to invalidate.',
			});
		}
		const result = invalidationTags(options.websiteId, parsed.value);
		try {
			await cache.invalidate({ tags: result.tags });
		} catch (error) {
			return json(502, { error: 'invalidation_failed', message: `The cache provider failed to purge: ${(error as Error).message}` });
		}
		return json(200, { ok: true, ...result });
	};
}

/** The cache tags a request purges: the ones `productsLiveLoader` puts on the pages. */
export function invalidationTags(websiteId: string, request: InvalidationRequest): InvalidationResult {
	if (request.scope === 'website') return { scope: 'website', tags: [websiteTag(websiteId)] };
	return { scope: 'products', refs: request.refs, tags: request.refs.map((ref) => productTag(websiteId, ref)) };
}

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** Validates a webhook body. Unknown keys are refused so a misnamed field never silently purges the whole website. */
export function parseInvalidationRequest(body: unknown, maxRefs = 1000): Parsed<InvalidationRequest> {
	if (body === undefined) return { ok: true, value: { scope: 'website' } };
	if (typeof body !== 'object' || body === null || Array.isArray(body)) {
		return { ok: false, message: 'Expected a JSON object: {"ref": "…"}, {"refs": ["…"]} or {} for the whole website' };
	}
	const record = body as Record<string, unknown>;
	const unknown = Object.keys(record).filter((key) => key !== 'ref' && key !== 'refs');
	if (unknown.length > 0) {
		return { ok: false, message: `Unknown field(s) ${unknown.map((k) => JSON.stringify(k)).join(', ')}: expected "ref" or "refs"` };
	}
	const refs: string[] = [];
	if ('ref' in record) {
		if (!isRef(record.ref)) return { ok: false, message: `Expected "ref" to be a product ref: a non-empty string of at most ${MAX_REF_LENGTH} characters` };
		refs.push(record.ref);
	}
	if ('refs' in record) {
		if (!Array.isArray(record.refs) || !record.refs.every(isRef)) {
			return { ok: false, message: `Expected "refs" to be an array of product refs (non-empty strings of at most ${MAX_REF_LENGTH} characters)` };
		}
		if (record.refs.length === 0) return { ok: false, message: 'Expected "refs" to name at least one product; send {} to purge the whole website' };
		refs.push(...(record.refs as string[]));
	}
	if (refs.length === 0) return { ok: true, value: { scope: 'website' } };
	const unique = [...new Set(refs)];
	if (unique.length > maxRefs) return { ok: false, message: `Expected at most ${maxRefs} refs per call, got ${unique.length}; send {} to purge the whole website` };
	return { ok: true, value: { scope: 'products', refs: unique } };
}

function isRef(value: unknown): value is string {
	return typeof value === 'string' && value.length > 0 && value.length <= MAX_REF_LENGTH;
}

async function readBody(request: Request): Promise<{ ok: true; value: unknown } | { ok: false; status: number; message: string }> {
	const declared = Number(request.headers.get('content-length') ?? '0');
	if (declared > MAX_BODY_BYTES) return { ok: false, status: 413, message: `Body larger than ${MAX_BODY_BYTES} bytes` };
	const text = await request.text();
	if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES) return { ok: false, status: 413, message: `Body larger than ${MAX_BODY_BYTES} bytes` };
	if (text.trim() === '') return { ok: true, value: undefined };
	try {
		return { ok: true, value: JSON.parse(text) as unknown };
	} catch {
		return { ok: false, status: 400, message: 'Body is not valid JSON' };
	}
}

function isCacheEnabled(cache: CacheLike | undefined): cache is CacheLike {
	return cache !== undefined && cache.enabled;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
	return new Response(JSON.stringify(body), {
		status,
		headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': NO_STORE, ...headers },
	});
}
