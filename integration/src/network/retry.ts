// The one retry loop of the outbound calls that retry (the service client, IndexNow): an
// attempt; while it may be retried and the wait fits the deadline, a wait and another attempt.
import { type BackoffOptions, retryDelay } from './retry-timing.js';

/** One attempt's outcome: a value, or a failure the caller describes, retryable or final. */
export type Tried<T, F> =
	| { ok: true; value: T }
	| {
			ok: false;
			failure: F;
			retryable: boolean;
			/** The answer's `Retry-After`, a floor under the backoff. */
			retryAfterMs?: number | undefined;
			/** Fewer retries than the policy's, for failures where more only delay the message. */
			retryLimit?: number | undefined;
	  };

export interface RetryPolicy extends BackoffOptions {
	/** Retries at most; `Infinity` retries until the deadline. */
	retries: number;
	/** When the budget ends (epoch ms), read after each attempt: the first may start the budget. */
	deadline: () => number;
	/** The caller's stop: a wait ends with its reason thrown. */
	signal?: AbortSignal | undefined;
	onRetry?: (() => void) | undefined;
}

export type Retried<T, F> =
	| { ok: true; value: T; attempts: number }
	/** `nextWaitMs` when the next retry was due past the deadline, so none was made. */
	| { ok: false; failure: F; attempts: number; nextWaitMs?: number | undefined };

export async function withRetries<T, F>(
	attempt: (attempts: number) => Promise<Tried<T, F>>,
	policy: RetryPolicy,
): Promise<Retried<T, F>> {
	for (let attempts = 1; ; attempts++) {
		const tried = await attempt(attempts);
		if (tried.ok) return { ok: true, value: tried.value, attempts };
		const { failure } = tried;
		if (!tried.retryable || attempts > Math.min(policy.retries, tried.retryLimit ?? Infinity))
			return { ok: false, failure, attempts };
		const wait = retryDelay(attempts, tried.retryAfterMs, policy);
		if (Date.now() + wait > policy.deadline())
			return { ok: false, failure, attempts, nextWaitMs: wait };
		policy.onRetry?.();
		await sleep(wait, policy.signal);
	}
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
