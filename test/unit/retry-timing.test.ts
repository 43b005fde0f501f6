import { describe, expect, it } from 'vitest';
import {
	backoffDelay,
	parseRetryAfter,
	RETRYABLE_STATUSES,
	retryDelay,
} from '../../integration/src/network/retry-timing.js';

const options = { retryBaseDelayMs: 200, retryMaxDelayMs: 5_000 };

describe('backoffDelay (full jitter, capped)', () => {
	it('grows the ceiling exponentially from the base delay', () => {
		// random() just below 1 gives the ceiling itself (floored).
		const top = () => 0.999999;
		expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, options, top))).toEqual([
			199, 399, 799, 1599, 3199,
		]);
	});

	it('never exceeds the cap, however many attempts', () => {
		expect(backoffDelay(30, options, () => 0.999999)).toBe(4999);
		expect(backoffDelay(1_000, options, () => 0.999999)).toBe(4999);
	});

	it('spreads delays uniformly below the ceiling (full jitter)', () => {
		expect(backoffDelay(3, options, () => 0)).toBe(0);
		expect(backoffDelay(3, options, () => 0.5)).toBe(400);
		const samples = Array.from({ length: 2_000 }, () => backoffDelay(4, options));
		expect(Math.min(...samples)).toBeGreaterThanOrEqual(0);
		expect(Math.max(...samples)).toBeLessThan(1_600);
		const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
		expect(mean).toBeGreaterThan(650);
		expect(mean).toBeLessThan(950);
	});
});

describe('parseRetryAfter', () => {
	const now = Date.parse('2026-11-21T10:00:00Z');

	it('reads delay-seconds, including fractions', () => {
		expect(parseRetryAfter('3', now)).toBe(3_000);
		expect(parseRetryAfter(' 0 ', now)).toBe(0);
		expect(parseRetryAfter('1.5', now)).toBe(1_500);
	});

	it('reads an HTTP-date as the time left until it', () => {
		expect(parseRetryAfter('Sat, 21 Nov 2026 10:00:07 GMT', now)).toBe(7_000);
	});

	it('treats a date in the past as "now"', () => {
		expect(parseRetryAfter('Sat, 21 Nov 2026 09:59:00 GMT', now)).toBe(0);
	});

	it('ignores absent or malformed values', () => {
		expect(parseRetryAfter(null, now)).toBeUndefined();
		expect(parseRetryAfter('', now)).toBeUndefined();
		expect(parseRetryAfter('soon', now)).toBeUndefined();
		expect(parseRetryAfter('-3', now)).toBeUndefined();
	});
});

describe('retryDelay', () => {
	it('waits at least what Retry-After asks, plus a bounded jitter', () => {
		expect(retryDelay(1, 3_000, options, () => 0)).toBe(3_000);
		expect(retryDelay(1, 3_000, options, () => 0.999999)).toBe(3_199);
	});

	it('falls back to backoff without Retry-After', () => {
		expect(retryDelay(2, undefined, options, () => 0.5)).toBe(200);
	});
});

describe('RETRYABLE_STATUSES', () => {
	it('retries rate limiting and transient server errors, never 400', () => {
		for (const status of [429, 500, 502, 503, 504])
			expect(RETRYABLE_STATUSES.has(status)).toBe(true);
		for (const status of [400, 401, 403, 404, 501])
			expect(RETRYABLE_STATUSES.has(status)).toBe(false);
	});
});
