import { describe, expect, it } from 'vitest';
import { isoWeek, sampleOf } from '../../scripts/tests-alone.mjs';

describe('the sample of test files run alone', () => {
	const files = Array.from({ length: 10 }, (_, i) => `test/f${i}.test.ts`);

	it('covers every file in consecutive seeds before any repeats', () => {
		const seen = [0, 1, 2, 3, 4].flatMap((seed) => sampleOf(files, 2, seed));
		expect([...seen].sort()).toEqual([...files].sort());
		expect(sampleOf(files, 3, 7)).toEqual(sampleOf(files, 3, 7));
		// Spread over the list, not a window of neighbours (one folder's files).
		expect(sampleOf(files, 3, 3)).toEqual([
			'test/f3.test.ts',
			'test/f7.test.ts',
			'test/f1.test.ts',
		]);
	});

	it('takes every file when the sample is as large as the list', () => {
		expect(sampleOf(files, 12, 5)).toEqual(files);
	});

	it('numbers the weeks as ISO 8601 does', () => {
		expect(isoWeek(new Date('2026-01-01T12:00:00Z'))).toBe(1);
		expect(isoWeek(new Date('2027-01-01T12:00:00Z'))).toBe(53);
		expect(isoWeek(new Date('2026-11-27T12:00:00Z'))).toBe(48);
	});
});
