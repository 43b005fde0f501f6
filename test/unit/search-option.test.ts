import { describe, expect, it } from 'vitest';
import { resolveIntegrationOptions } from '../../integration/src/hooks/resolved-options.js';
import {
	aroundName,
	searchDescription,
	searchHeading,
} from '../../integration/src/pages/search-markup.js';
import type { Product } from '../../integration/src/schema/product.js';
import { uiText } from '../../integration/src/words/ui-text.js';
import { thrownMessage } from '../helpers/thrown.js';

const searchOf = (search: unknown) => resolveIntegrationOptions({ search } as never).search;

describe('search option', () => {
	it('is off by default; "pagefind" turns the markup on; "postgres" the search on demand', () => {
		expect(resolveIntegrationOptions({}).search).toBe(false);
		expect(searchOf(false)).toBe(false);
		expect(searchOf('pagefind')).toBe('pagefind');
		expect(searchOf('postgres')).toBe('postgres');
	});

	it('rejects any other value, naming what it takes', () => {
		for (const search of [true, 'Pagefind', 'algolia', 'postgresql', { engine: 'pagefind' }]) {
			expect(
				thrownMessage(() => searchOf(search)),
				JSON.stringify(search),
			).toContain(
				'\n- search: Expected `search` to be "pagefind" (product pages carry Pagefind\'s markup: only product content indexed, star filters, rating sort), "postgres" (search of a catalogue served on demand, in PostgreSQL: docs/on-demand.md, "Search") or false (the default)',
			);
		}
	});
});

describe("search markup of the package's own words", () => {
	const product = (reviews: number) =>
		({ reviews: Array.from({ length: reviews }, () => ({})) }) as unknown as Product;

	it("splits a further review page's heading around the name, in every built-in phrase shape", () => {
		expect(aroundName((name) => uiText('en')('reviewPage', { name, page: 3 }))).toEqual([
			'',
			' – audio reviews, page 3',
		]);
		expect(aroundName((name) => `Seite 2: ${name}`)).toEqual(['Seite 2: ', '']);
		// A site's override that leaves the name out, or holds it twice: no split, the heading stays whole.
		expect(aroundName(() => 'Page 3')).toBeUndefined();
		expect(aroundName((name) => `${name} / ${name}`)).toBeUndefined();
	});

	it('leaves a further page heading and an empty page description out of the index, and nothing without the option', () => {
		expect(searchHeading('pagefind', product(30), 2)).toEqual({ 'data-pagefind-ignore': '' });
		expect(searchHeading('pagefind', product(30), 1)).toEqual({
			'data-pagefind-meta': 'title',
			'data-pagefind-sort': 'reviews:30',
		});
		expect(searchDescription('pagefind', product(0))).toEqual({ 'data-pagefind-ignore': '' });
		expect(searchDescription('pagefind', product(1))).toEqual({});
		expect(searchHeading(false, product(30), 2)).toEqual({});
		expect(searchDescription(false, product(0))).toEqual({});
	});
});
