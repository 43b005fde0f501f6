import { type CachePolicy, DEFAULT_CACHE_POLICY } from './cache-policy-option.js';

/** The `Cache-Control` a CDN in front of the server honours. */
export function cacheControlHeader(policy: CachePolicy = DEFAULT_CACHE_POLICY): string {
	const directives = ['public', `max-age=${policy.browserMaxAge}`, `s-maxage=${policy.maxAge}`];
	if (policy.swr > 0) directives.push(`stale-while-revalidate=${policy.swr}`);
	if (policy.staleIfError > 0) directives.push(`stale-if-error=${policy.staleIfError}`);
	return directives.join(', ');
}

/** For 404s: shared caches keep them briefly, without serving them stale. */
export function notFoundCacheControlHeader(policy: CachePolicy = DEFAULT_CACHE_POLICY): string {
	if (policy.notFoundMaxAge === 0) return 'no-store';
	return `public, max-age=0, s-maxage=${policy.notFoundMaxAge}`;
}

/** Errors must never be cached: the next request should try the service again. */
export const NO_STORE = 'no-store';
