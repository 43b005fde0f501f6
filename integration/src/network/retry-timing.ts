/** Statuses worth another try: rate limiting and transient server or gateway failures. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

export interface BackoffOptions {
	retryBaseDelayMs: number;
	retryMaxDelayMs: number;
}

/** Full jitter spreads concurrent retries rather than hitting a recovering service at once. */
export function backoffDelay(
	attempt: number,
	options: BackoffOptions,
	random: () => number = Math.random,
): number {
	const ceiling = Math.min(options.retryMaxDelayMs, options.retryBaseDelayMs * 2 ** (attempt - 1));
	return Math.floor(random() * ceiling);
}

/** Parses `Retry-After` (RFC 9110 §10.2.3): delay-seconds or an HTTP-date. */
export function parseRetryAfter(
	value: string | null | undefined,
	now: number = Date.now(),
): number | undefined {
	if (value == null) return undefined;
	const trimmed = value.trim();
	if (trimmed === '') return undefined;
	if (/^\d+(?:\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
	// An HTTP-date always names a weekday and month; this keeps Date.parse from reading "-3" as a year.
	if (!/[A-Za-z]{3}/.test(trimmed)) return undefined;
	const date = Date.parse(trimmed);
	if (Number.isNaN(date)) return undefined;
	return Math.max(0, date - now);
}

/** The wait before the next attempt: at least the service's `Retry-After`, else the backoff. */
export function retryDelay(
	attempt: number,
	retryAfterMs: number | undefined,
	options: BackoffOptions,
	random: () => number = Math.random,
): number {
	const backoff = backoffDelay(attempt, options, random);
	if (retryAfterMs === undefined) return backoff;
	// A little jitter on top keeps requests that got the same Retry-After from returning in lockstep.
	return retryAfterMs + Math.floor(random() * Math.min(options.retryBaseDelayMs, 1000));
}
