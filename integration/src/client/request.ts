import type { LimitFunction } from 'p-limit';
import type { Endpoint } from '../errors/audio-reviews-error.js';
import type { AudioReviewsError } from '../errors/audio-reviews-error.js';
import { NetworkError, TimeoutError } from '../errors/network-error.js';
import { ResponseFormatError } from '../errors/response-format-error.js';
import { NotFoundError, ServiceError } from '../errors/service-error.js';
import type { ResolvedConnectionOptions } from '../options/shared-options.js';
import { RETRYABLE_STATUSES, parseRetryAfter, retryDelay } from './retry-timing.js';

export interface RequestContext {
	endpoint: Endpoint;
	url: string;
	ref?: string | undefined;
	locale?: string | undefined;
}

export interface Validators {
	/** Sent as `If-None-Match`. */
	etag?: string | undefined;
	/** Sent as `If-Modified-Since`. */
	lastModified?: string | undefined;
}

export interface RequestOptions {
	signal?: AbortSignal | undefined;
	/** Validators from an earlier response: the service may answer 304 Not Modified. */
	validators?: Validators | undefined;
}

export interface JsonResponse {
	status: number;
	/** Parsed body; `undefined` for 304. */
	body: unknown;
	notModified: boolean;
	validators: Validators;
	attempts: number;
}

export interface RequestStats {
	requests: number;
	retries: number;
}

/** Error codes the service sends in a 200 body that describe a transient failure, not the data. */
const RETRYABLE_TYPES: ReadonlySet<string> = new Set(['ERR_DB_READ']);

/** Builds the final error once the number of attempts is known, so the message can say it. */
type ErrorFactory = (final: { attempts: number; note?: string | undefined }) => AudioReviewsError;

type Attempt =
	| { ok: true; response: JsonResponse }
	| { ok: false; fail: ErrorFactory; retryable: boolean; retryAfterMs?: number | undefined };

export interface Requester {
	(context: RequestContext, options?: RequestOptions): Promise<JsonResponse>;
	readonly stats: RequestStats;
}

/**
 * Builds the one function every call to the service goes through: concurrency limit,
 * per-attempt timeout, retries with backoff within a total budget, error classification.
 */
export function createRequester(options: ResolvedConnectionOptions, limit: LimitFunction): Requester {
	const fetchImpl = options.fetch ?? globalThis.fetch;
	const stats: RequestStats = { requests: 0, retries: 0 };

	async function attemptOnce(context: RequestContext, request: RequestOptions): Promise<Attempt> {
		const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
		if (request.validators?.etag) headers['If-None-Match'] = request.validators.etag;
		if (request.validators?.lastModified) headers['If-Modified-Since'] = request.validators.lastModified;
		const timeout = AbortSignal.timeout(options.timeoutMs);
		const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
		stats.requests++;
		try {
			const response = await fetchImpl(context.url, { method: 'GET', headers, signal });
			// The body is read inside the timeout: a stalled body is as dead as a stalled connection.
			const text = response.status === 304 ? '' : await response.text();
			return classify(context, response, text);
		} catch (error) {
			if (request.signal?.aborted) throw request.signal.reason;
			if (timeout.aborted) {
				return {
					ok: false,
					retryable: true,
					fail: ({ attempts, note }) =>
						new TimeoutError(suffix(`No response within ${options.timeoutMs} ms`, note), { ...context, attempts, cause: error }),
				};
			}
			return {
				ok: false,
				retryable: true,
				fail: ({ attempts, note }) =>
					new NetworkError(suffix(`Request failed: ${describeNetworkError(error)}`, note), { ...context, attempts, cause: error }),
			};
		}
	}

	async function request(context: RequestContext, request: RequestOptions = {}): Promise<JsonResponse> {
		const started = Date.now();
		for (let attempt = 1; ; attempt++) {
			const outcome = await limit(() => attemptOnce(context, request));
			if (outcome.ok) return { ...outcome.response, attempts: attempt };
			if (!outcome.retryable || attempt > options.retries) throw outcome.fail({ attempts: attempt });
			const delay = retryDelay(attempt, outcome.retryAfterMs, options);
			if (Date.now() - started + delay > options.retryBudgetMs) {
				throw outcome.fail({ attempts: attempt, note: `gave up: the next retry would exceed the retry budget of ${options.retryBudgetMs} ms` });
			}
			stats.retries++;
			await sleep(delay, request.signal);
		}
	}

	return Object.assign(request, { stats });
}

function classify(context: RequestContext, response: Response, text: string): Attempt {
	const { status } = response;
	const validators: Validators = {
		etag: response.headers.get('etag') ?? undefined,
		lastModified: response.headers.get('last-modified') ?? undefined,
	};
	if (status === 304) return { ok: true, response: { status, body: undefined, notModified: true, validators, attempts: 1 } };

	let body: unknown;
	try {
		body = text === '' ? undefined : JSON.parse(text);
	} catch {
		body = undefined;
	}
	const errorBody = asErrorBody(body);
	const errorContext = { ...context, status, type: errorBody?.type, serviceMessage: errorBody?.message };
	const service =
		(Ctor: typeof ServiceError, message: string): ErrorFactory =>
		({ attempts, note }) =>
			new Ctor(suffix(message, note), { ...errorContext, attempts });

	if (status >= 200 && status < 300) {
		if (errorBody) {
			// API.md 4.1: errors on the single-product endpoint come with status 200.
			if (errorBody.type === 'ERR_DB_MISSING') {
				return { ok: false, retryable: false, fail: service(NotFoundError, 'Product or website not found') };
			}
			return {
				ok: false,
				retryable: RETRYABLE_TYPES.has(errorBody.type),
				fail: service(ServiceError, 'The service returned an error'),
			};
		}
		if (body === undefined) {
			return {
				ok: false,
				retryable: false,
				fail: ({ attempts }) =>
					new ResponseFormatError(`Expected a JSON body, got ${JSON.stringify(text.slice(0, 80))}`, { ...context, status, attempts }),
			};
		}
		return { ok: true, response: { status, body, notModified: false, validators, attempts: 1 } };
	}

	const retryable = RETRYABLE_STATUSES.has(status);
	const message = status === 400 ? 'The service rejected a query parameter' : `The service answered HTTP ${status}`;
	return {
		ok: false,
		retryable,
		retryAfterMs: retryable ? parseRetryAfter(response.headers.get('retry-after')) : undefined,
		fail: errorBody?.type === 'ERR_DB_MISSING' ? service(NotFoundError, 'Product or website not found') : service(ServiceError, message),
	};
}

function asErrorBody(body: unknown): { type: string; message?: string | undefined } | undefined {
	if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
	const { type, message } = body as Record<string, unknown>;
	if (typeof type !== 'string') return undefined;
	return { type, message: typeof message === 'string' ? message : undefined };
}

function suffix(message: string, note: string | undefined): string {
	return note === undefined ? message : `${message}; ${note}`;
}

function describeNetworkError(error: unknown): string {
	const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
	if (cause?.code) return `${cause.code}${cause.message ? ` ${cause.message}` : ''}`;
	return error instanceof Error ? error.message : String(error);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
	return new Promise((resolve, reject) => {
		if (signal?.aborted) return reject(signal.reason);
		const timer = setTimeout(() => {
			signal?.removeEventListener('abort', onAbort);
			resolve();
		}, ms);
		const onAbort = () => {
			clearTimeout(timer);
			reject(signal!.reason);
		};
		signal?.addEventListener('abort', onAbort, { once: true });
	});
}
