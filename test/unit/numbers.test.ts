import { describe, expect, it } from 'vitest';
import {
	countOf,
	formatNumber,
	plural,
	pluralCategory,
} from '../../integration/src/format/numbers.js';

describe('formatNumber', () => {
	it('groups digits the en-US way for logs and messages, and keeps at most two decimals', () => {
		expect(formatNumber(12345)).toBe('12,345');
		expect(formatNumber(4.567)).toBe('4.57');
	});

	it("writes a page's numbers in its locale, English for a locale Intl does not know", () => {
		expect(formatNumber(4.5, 'fr')).toBe('4,5');
		expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
		expect(formatNumber(4.5, 'not a locale!')).toBe('4.5');
	});
});

describe('plurals', () => {
	it('picks the English word for logs: singular for exactly one', () => {
		expect(plural(1, 'batch', 'batches')).toBe('batch');
		expect(plural(0, 'batch', 'batches')).toBe('batches');
		expect(countOf(1, 'review')).toBe('1 review');
		expect(countOf(2500, 'product page')).toBe('2,500 product pages');
		expect(countOf(3, 'product belongs', 'products belong')).toBe('3 products belong');
	});

	it("gives the page's Intl.PluralRules category", () => {
		expect(pluralCategory(1, 'en')).toBe('one');
		expect(pluralCategory(3, 'pl')).toBe('few');
		expect(pluralCategory(5, 'pl')).toBe('many');
		expect(pluralCategory(0, 'fr')).toBe('one');
	});
});
