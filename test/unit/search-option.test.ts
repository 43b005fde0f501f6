import { describe, expect, it } from 'vitest';
import { resolveIntegrationOptions } from '../../integration/src/hooks/integration-options.js';
import { thrownMessage } from '../helpers/thrown.js';

const searchOf = (search: unknown) => resolveIntegrationOptions({ search } as never).search;

describe('search option', () => {
	it('is off by default; "pagefind" turns the markup on', () => {
		expect(resolveIntegrationOptions({}).search).toBe(false);
		expect(searchOf(false)).toBe(false);
		expect(searchOf('pagefind')).toBe('pagefind');
	});

	it('rejects any other value, naming what it takes', () => {
		for (const search of [true, 'Pagefind', 'algolia', { engine: 'pagefind' }]) {
			expect(
				thrownMessage(() => searchOf(search)),
				JSON.stringify(search),
			).toContain(
				'\n- search: Expected `search` to be "pagefind" (product pages carry Pagefind\'s markup: only product content indexed, star filters, rating sort) or false (the default)',
			);
		}
	});
});
