import { z } from 'astro/zod';
import { parseOptions } from './parse-options.js';

/**
 * How long a rendered product page may be reused, in seconds.
 *
 * - `maxAge`: fresh lifetime in shared caches (Astro's route cache, the CDN). 300 s follows
 *   docs/service.md §8, which recommends a short client cache of about 300 seconds.
 * - `swr`: after `maxAge`, a cache may keep serving the page while it re-renders in the
 *   background; this is also what keeps pages up during a service outage.
 * - `staleIfError`: how long a CDN may serve a stale page when the origin answers 5xx.
 * - `browserMaxAge`: lifetime in the visitor's browser. 0 by default because a browser cache
 *   cannot be purged by the invalidation webhook; shared caches can.
 * - `notFoundMaxAge`: lifetime of a 404 for an unknown ref, so a flood of random refs does
 *   not become a flood of upstream requests; a new product's webhook purges it.
 */
export interface CachePolicy {
	maxAge: number;
	swr: number;
	staleIfError: number;
	browserMaxAge: number;
	notFoundMaxAge: number;
}

export const DEFAULT_CACHE_POLICY: Readonly<CachePolicy> = Object.freeze({
	maxAge: 300,
	swr: 3600,
	staleIfError: 86_400,
	browserMaxAge: 0,
	notFoundMaxAge: 60,
});

const seconds = (name: string) =>
	z
		.number({ message: `Expected \`${name}\` to be a number of seconds` })
		// A refine, not .int(): zod reports .int() failures as a type error without the input.
		.refine(Number.isInteger, { message: `Expected \`${name}\` to be a whole number of seconds` })
		.min(0, { message: `Expected \`${name}\` to be 0 or more seconds` })
		.max(31_536_000, { message: `Expected \`${name}\` to be at most one year (31536000 s)` });

export const cachePolicySchema = z
	.object({
		maxAge: seconds('maxAge').default(DEFAULT_CACHE_POLICY.maxAge),
		swr: seconds('swr').default(DEFAULT_CACHE_POLICY.swr),
		staleIfError: seconds('staleIfError').default(DEFAULT_CACHE_POLICY.staleIfError),
		browserMaxAge: seconds('browserMaxAge').default(DEFAULT_CACHE_POLICY.browserMaxAge),
		notFoundMaxAge: seconds('notFoundMaxAge').default(DEFAULT_CACHE_POLICY.notFoundMaxAge),
	})
	.strict();

export type CachePolicyInput = z.input<typeof cachePolicySchema>;

export function resolveCachePolicy(input?: CachePolicyInput | CachePolicy): CachePolicy {
	return parseOptions(cachePolicySchema, input, 'cachePolicy');
}
