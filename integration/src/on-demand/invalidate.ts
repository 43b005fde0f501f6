import type { APIContext, APIRoute } from 'astro';
import { CachePurgeError, HostPurgeError } from '../errors/errors.js';
import { recordWebhook } from '../metrics/instruments.js';
import { WEBHOOK_LIMITS } from '../schema/webhook-body.js';
import { reindexPurged, type SearchReindex } from '../search-postgres/webhook-reindex.js';
import { NO_STORE } from './cache-policy.js';
import { purgeOnHost } from './cdn-purge/host-purge.js';
import { HOST_NAMES, type HostPurgeConfig } from './cdn-purge/purge-hosts.js';
import { type PurgedPagesSubmission, submitPurgedPages } from './index-now-purged.js';
import { listsTag, productTag, websiteTag } from './live-loader/cache-tags.js';
import { presentsSecret } from './secret.js';
import {
	parseWebhookBody,
	parseWebhookJson,
	readCappedBody,
	refuseHead,
	type WebhookRefusal,
	type WebhookRequest,
	type WebhookRequestHead,
	webStreamChunks,
} from './webhook.js';

/** Below this a shared secret is guessable; the endpoint then refuses every call. */
export const MIN_SECRET_LENGTH = 16;

export interface InvalidateHandlerOptions {
	/** The website whose pages are purged; tags embed it. */
	websiteId: string;
	/** The shared secret the backoffice webhook presents as `Authorization`. */
	secret: string | undefined | (() => string | undefined);
	maxRefs?: number;
	/** After a product purge, submit its pages to IndexNow (bounded wait, never fails the call). */
	indexNow?: PurgedPagesSubmission | undefined;
	/** `search: 'postgres'`: re-indexes the purged refs before the answer (webhook-reindex.ts). */
	reindex?: SearchReindex | undefined;
	/**
	 * The site's host (its `cache.provider`): purges go in its batches, and a failure names it. The
	 * injected route passes what the config says; unset, every tag goes in one call.
	 */
	purge?: HostPurgeConfig | undefined;
}

export type InvalidationRequest = WebhookRequest;

export interface InvalidationResult {
	scope: 'website' | 'products';
	refs?: string[];
	tags: string[];
}

type CacheLike = Pick<APIContext['cache'], 'enabled' | 'invalidate'>;

/** Called by the backoffice webhook after content changes: `POST` `{ "ref" }` or `{ "refs" }`. */
export function createInvalidateHandler(options: InvalidateHandlerOptions): APIRoute {
	const maxRefs = options.maxRefs ?? WEBHOOK_LIMITS.maxRefs;
	const readSecret =
		typeof options.secret === 'function'
			? options.secret
			: () => options.secret as string | undefined;

	const handle: APIRoute = async ({ request, cache }) => {
		const head = refuseHead(webRequestHead(request));
		if (head) return refusal(head);
		const expected = readSecret();
		if (!expected || expected.length < MIN_SECRET_LENGTH) {
			return json(503, {
				error: 'not_configured',
				message: `The invalidation secret is not set (or shorter than ${MIN_SECRET_LENGTH} characters); every call is refused until it is.`,
			});
		}
		if (!presentsSecret((name) => request.headers.get(name), expected)) {
			return json(
				401,
				{ error: 'unauthorized', message: 'Missing or wrong secret.' },
				{ 'WWW-Authenticate': 'Bearer' },
			);
		}
		const body = await readCappedBody(
			webStreamChunks(request.body),
			request.headers.get('content-length') ?? undefined,
		);
		if (!body.ok) return refusal(body.refusal);
		const parsed = parseWebhookBody(body.value, maxRefs);
		if (!parsed.ok) return refusal(parsed.refusal);
		if (!isCacheEnabled(cache)) return cacheDisabled(options.purge);
		const result = invalidationTags(options.websiteId, parsed.value);
		try {
			// Without the host, every tag in one call, as the provider takes them.
			if (options.purge) await purgeOnHost(cache, result.tags, options.purge);
			else await cache.invalidate({ tags: result.tags });
		} catch (error) {
			return purgeFailed(error, options.purge);
		}
		const search = await reindexPurged(
			options.reindex,
			parsed.value.scope === 'products' ? parsed.value.refs : undefined,
		);
		if (search instanceof Response) return search;
		const indexNow = options.indexNow
			? { indexNow: await submitPurgedPages(options.indexNow, parsed.value) }
			: {};
		return json(200, { ok: true, ...result, ...search, ...indexNow });
	};
	return async (context) => {
		try {
			const answer = await handle(context);
			recordWebhook(answer.status);
			return answer;
		} catch (error) {
			recordWebhook(500);
			throw error;
		}
	};
}

function webRequestHead(request: Request): WebhookRequestHead {
	return {
		method: request.method,
		host: new URL(request.url).host,
		header: (name) => request.headers.get(name) ?? undefined,
	};
}

/** The tags a request purges: the products' and, as a product changes them, the lists'. */
export function invalidationTags(
	websiteId: string,
	request: InvalidationRequest,
): InvalidationResult {
	if (request.scope === 'website') return { scope: 'website', tags: [websiteTag(websiteId)] };
	const tags = [...request.refs.map((ref) => productTag(websiteId, ref)), listsTag(websiteId)];
	return { scope: 'products', refs: request.refs, tags };
}

export function parseInvalidationRequest(
	body: unknown,
	maxRefs: number = WEBHOOK_LIMITS.maxRefs,
): { ok: true; value: InvalidationRequest } | { ok: false; message: string } {
	const parsed = parseWebhookJson(body, maxRefs);
	return parsed.ok ? parsed : { ok: false, message: parsed.refusal.message };
}

/** 501: nothing to purge, and why: no provider, or `astro dev`, where Astro keeps no route cache. */
function cacheDisabled(purge: HostPurgeConfig | undefined): Response {
	if (purge?.dev && purge.provider)
		return json(501, {
			error: 'cache_disabled_in_dev',
			message:
				'Astro turns route caching off in `astro dev`, whatever `cache.provider` says: nothing is cached here, so nothing to purge (your call passed the secret and body checks). To test a purge locally, build the site and run the build (docs/on-demand.md, "Testing a purge locally").',
		});
	return json(501, {
		error: 'cache_disabled',
		message:
			'Route caching is not enabled (set `cache.provider` in the Astro config); nothing to invalidate.',
	});
}

/** 502 naming the host and what went wrong, so the backoffice retries (a retry is harmless). */
function purgeFailed(error: unknown, purge: HostPurgeConfig | undefined): Response {
	const host = error instanceof HostPurgeError ? error.host : HOST_NAMES[purge?.host ?? 'other'];
	const message =
		error instanceof HostPurgeError
			? error.message
			: `${host}: the purge failed: ${(error as Error).message}`;
	return json(502, {
		error: 'invalidation_failed',
		host,
		...(error instanceof HostPurgeError ? { reason: error.reason } : {}),
		message,
		// A shared cache names each node that did not confirm, so the caller retries.
		...(error instanceof CachePurgeError ? { failedNodes: error.failedNodes } : {}),
	});
}

function isCacheEnabled(cache: CacheLike | undefined): cache is CacheLike {
	return cache?.enabled === true;
}

function refusal(refused: WebhookRefusal): Response {
	return json(refused.status, { error: refused.error, message: refused.message }, refused.headers);
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
	return new Response(JSON.stringify(body), {
		status,
		headers: {
			'Content-Type': 'application/json; charset=utf-8',
			'Cache-Control': NO_STORE,
			...headers,
		},
	});
}
