// The one network layer: every outbound call (the service client, IndexNow, the deploy hook,
// the cache purges) is an `exchange`. It sends with an injectable `fetch`, bounds the attempt by
// one timeout rule, turns a missing answer into a `NetworkFailure` worded once (./wording.ts),
// and reports each attempt's outcome in one place (`settle`).
import { thrownErrorType } from '../errors/attempt-error-type.js';
import { AudioReviewsError } from '../errors/errors.js';
import { type NetworkFailure, networkFailureOf } from './wording.js';

export type { NetworkFailure } from './wording.js';

/** One attempt's outcome, known in one place: what a metric or a log of requests records. */
export interface AttemptRecord {
	method: string;
	/** The URL as sent (may hold a secret or a catalogue value: never record it as is). */
	url: string;
	/** The URL's template (`/ws/websites/{websiteId}/products`), with no catalogue value in it. */
	template: string;
	/** The answer's status, when there was one. */
	status?: number | undefined;
	/** Why it failed: the service's `type`, `timeout`, or the network error's name. */
	errorType?: string | undefined;
	durationMs: number;
}

export type AttemptObserver = (record: AttemptRecord) => void;

export interface OutboundRequest {
	method: string;
	url: string | URL;
	template: string;
	headers?: Record<string, string> | undefined;
	body?: string | undefined;
}

export interface ExchangeOptions<T> {
	/** Injectable for tests and runtimes; `globalThis.fetch` otherwise. */
	fetch?: typeof globalThis.fetch | undefined;
	/** Longest an attempt may take, the answer's body included. */
	timeoutMs: number;
	/** When the caller's whole budget ends (epoch ms): an attempt never outlives it. */
	deadline?: number | undefined;
	/** The caller's own stop: its reason is thrown as is, never worded as a network failure. */
	signal?: AbortSignal | undefined;
	/** Reads the answer within the attempt's time; `hop` fetches a redirect's target likewise. */
	read?: ((response: Response, hop: (url: string) => Promise<Response>) => Promise<T>) | undefined;
	/** Why a read answer counts as failed (the service's `type`), for the attempt's record. */
	errorTypeOf?: ((value: T) => string | undefined) | undefined;
	onAttempt?: AttemptObserver | undefined;
}

export type Exchanged<T> =
	| { ok: true; status: number; value: T }
	| { ok: false; failure: NetworkFailure };

/** The one timeout rule: `timeoutMs` per attempt, cut at the deadline, never under 1 ms. */
export function attemptTimeout(
	timeoutMs: number,
	deadline: number | undefined,
	now: number = Date.now(),
): { ms: number; cutByDeadline: boolean } {
	const remaining = deadline === undefined ? Number.POSITIVE_INFINITY : deadline - now;
	return { ms: Math.max(1, Math.min(timeoutMs, remaining)), cutByDeadline: remaining < timeoutMs };
}

/** Sends `request` once (redirects are never followed but through `hop`) and reads its answer. */
export async function exchange<T = undefined>(
	request: OutboundRequest,
	options: ExchangeOptions<T>,
): Promise<Exchanged<T>> {
	const fetchImpl = options.fetch ?? globalThis.fetch;
	const { ms, cutByDeadline } = attemptTimeout(options.timeoutMs, options.deadline);
	const timeout = AbortSignal.timeout(ms);
	const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
	const init = (url: string | URL): Promise<Response> =>
		fetchImpl(url, {
			method: request.method,
			headers: request.headers,
			body: request.body,
			redirect: 'manual',
			signal,
		});
	const startedAt = Date.now();
	const settle = (outcome: { status?: number; errorType?: string | undefined }) =>
		options.onAttempt?.({
			method: request.method,
			url: String(request.url),
			template: request.template,
			...outcome,
			durationMs: Date.now() - startedAt,
		});
	let status: number | undefined;
	try {
		const response = await init(request.url);
		status = response.status;
		const value = options.read
			? await options.read(response, (url) =>
					init(url).then((next) => {
						status = next.status;
						return next;
					}),
				)
			: await discard(response);
		settle({ status, errorType: options.errorTypeOf?.(value as T) });
		return { ok: true, status, value: value as T };
	} catch (error) {
		if (options.signal?.aborted) {
			settle({ status, errorType: 'aborted' });
			throw options.signal.reason;
		}
		if (error instanceof AudioReviewsError) {
			settle({ status, errorType: thrownErrorType(error) });
			throw error;
		}
		const failure = networkFailureOf(error, timeout.aborted ? { ms, cutByDeadline } : undefined);
		settle({ status, errorType: failure.errorType });
		return { ok: false, failure };
	}
}

async function discard(response: Response): Promise<undefined> {
	await response.body?.cancel().catch(() => undefined);
	return undefined;
}
