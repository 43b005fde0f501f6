import pLimit, { type LimitFunction } from 'p-limit';

/**
 * One limiter per service origin and concurrency, shared by every client of the process:
 * a build with several collections or locales still keeps at most `concurrency` requests
 * in flight against the service.
 */
const limiters = new Map<string, LimitFunction>();

export function sharedLimiter(baseUrl: string, concurrency: number): LimitFunction {
	const key = `${new URL(baseUrl).origin}|${concurrency}`;
	let limiter = limiters.get(key);
	if (!limiter) {
		limiter = pLimit(concurrency);
		limiters.set(key, limiter);
	}
	return limiter;
}
