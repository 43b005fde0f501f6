import audioReviews from 'astro-audio-reviews';
import {
	cacheControlHeader,
	DEFAULT_CACHE_POLICY,
	livePath,
	resolveCachePolicy,
} from 'astro-audio-reviews/live';
import { describe, expect, it } from 'vitest';
import { parseInvalidationRequest } from '../../integration/src/on-demand/invalidate.js';

describe('Cache-Control policy', () => {
	it('defaults to docs/service.md §8: 300 s in shared caches, nothing in the browser, stale windows for revalidation and errors', () => {
		expect(DEFAULT_CACHE_POLICY.maxAge).toBe(300);
		expect(cacheControlHeader()).toBe(
			'public, max-age=0, s-maxage=300, stale-while-revalidate=3600, stale-if-error=86400',
		);
	});

	it('drops stale directives set to 0 and keeps the given numbers', () => {
		const policy = resolveCachePolicy({ maxAge: 60, swr: 0, staleIfError: 0, browserMaxAge: 10 });
		expect(cacheControlHeader(policy)).toBe('public, max-age=10, s-maxage=60');
	});

	it('rejects negative, fractional and unknown settings with the fix in the message', () => {
		expect(() => resolveCachePolicy({ maxAge: -1 })).toThrow(
			/maxAge: Expected `maxAge` to be 0 or more seconds/,
		);
		expect(() => resolveCachePolicy({ swr: 1.5 })).toThrow(
			/swr: Expected `swr` to be a whole number of seconds/,
		);
		expect(() => resolveCachePolicy({ maxage: 10 } as never)).toThrow(
			'maxage: unknown option (did you mean `maxAge`?)',
		);
	});
});

describe('webhook body', () => {
	it.each([
		[undefined, { ok: true, value: { scope: 'website' } }],
		[{}, { ok: true, value: { scope: 'website' } }],
		[{ ref: 'A' }, { ok: true, value: { scope: 'products', refs: ['A'] } }],
		[
			{ ref: 'A', refs: ['B', 'A'] },
			{ ok: true, value: { scope: 'products', refs: ['A', 'B'] } },
		],
	])('%o → %o', (body, expected) => {
		expect(parseInvalidationRequest(body)).toEqual(expected);
	});

	it.each([
		[[], /JSON object/],
		['A', /JSON object/],
		[{ ref: '' }, /"ref" to be a product ref/],
		[{ ref: 42 }, /"ref" to be a product ref/],
		[{ refs: [] }, /at least one product/],
		[{ refs: ['ok', 3] }, /"refs" to be an array/],
		[{ sku: 'A' }, /Unknown field\(s\) "sku"/],
		[{ ref: 'x'.repeat(513) }, /at most 512 characters/],
	])('refuses %o', (body, message) => {
		const result = parseInvalidationRequest(body);
		expect(result.ok).toBe(false);
		expect(!result.ok && result.message).toMatch(message);
	});

	it('caps the number of refs per call', () => {
		const refs = Array.from({ length: 4 }, (_, i) => `r${i}`);
		expect(parseInvalidationRequest({ refs }, 3)).toEqual({
			ok: false,
			message: expect.stringMatching(/at most 3 refs per call, got 4/),
		});
	});
});

describe('audioReviews({ invalidate })', () => {
	it('validates the option at config time', () => {
		expect(() => audioReviews({ invalidate: { websiteId: 'not-a-uuid' } })).toThrow(
			/invalidate\.websiteId: Expected `invalidate.websiteId` to be the website UUID/,
		);
		const websiteId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
		expect(() => audioReviews({ invalidate: { websiteId, route: 'hooks' } })).toThrow(
			/invalidate\.route/,
		);
		expect(() => audioReviews({ invalidate: { websiteId, route: '/a/../b' } })).toThrow(
			/invalidate\.route/,
		);
		expect(() => audioReviews({ invalidate: { websiteId, secretEnv: 'MY-SECRET' } })).toThrow(
			/invalidate\.secretEnv/,
		);
		expect(() => audioReviews({ invalidate: { websiteId, secret: 'inline' } as never })).toThrow(
			/secret: unknown option/,
		);
		expect(audioReviews({ invalidate: { websiteId } }).name).toBe('astro-audio-reviews');
	});
});

describe('live page paths', () => {
	it('percent-encodes the ref as one segment, for `[ref]` and `[...ref]` routes', () => {
		expect(livePath('/products/[ref]', 'SKU-1')).toBe('/products/SKU-1/');
		expect(livePath('/products/[...ref]', 'a/b c', false)).toBe('/products/a%2Fb%20c');
		expect(livePath('/shop/[ref]/', '$&')).toBe('/shop/%24%26/');
	});
});
