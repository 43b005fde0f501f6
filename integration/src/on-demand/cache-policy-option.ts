import { z } from 'astro/zod';
import { parseOptions } from '../options/parse-options.js';

/** How long a rendered product page may be reused, in seconds. */
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
