import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	localeOfEntry,
	type ProductEntryLike,
	productPages,
} from '../../integration/src/routing/product-paths.js';
import { renderedWith } from '../../integration/src/schema/entry-metadata.js';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';

// The pages read an entry's locale, its loader's locale order and its content date from the
// entry `getCollection` hands them, in any process: no loader runs in this one.
let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator({ products: 12, locales: ['fr', 'en', 'de'], seed: 5 });
});
afterAll(() => sim.close());

const DATE = '2026-03-04T05:06:07.000Z';

/** Entries as productsLoader() stores them with `locales` (ids `<locale>/<ref>`), with or without its metadata. */
function entriesOf(locales: string[], withMetadata: boolean, multi = true): ProductEntryLike[] {
	return locales.flatMap((locale) =>
		sim.listAll({ locale, without: 'inactive' }).map((data) => ({
			id: multi ? `${locale}/${data.external_id}` : data.external_id,
			data,
			collection: 'products',
			rendered: withMetadata ? renderedWith({ locale, locales, contentDate: DATE }) : undefined,
		})),
	);
}

const OPTIONS = { route: '/products/[ref]', defaultLocale: undefined, collection: 'products' };

describe('pages read what the loader stored with each entry', () => {
	it('takes the lastmod and the unprefixed locale (the loader’s first, not the first id) from the entries', () => {
		const pages = productPages(entriesOf(['fr', 'en'], true), OPTIONS);
		expect(pages.length).toBeGreaterThan(0);
		for (const { props, params } of pages) {
			expect(props.lastmod, props.path).toBe(DATE);
			expect(props.defaultLocale).toBe('fr');
			expect(params.locale === undefined, props.path).toBe(props.locale === 'fr');
		}
	});

	it('takes a one-locale entry’s language from the entry', () => {
		const [entry] = entriesOf(['de'], true, false);
		expect(localeOfEntry(entry!, 'fr')).toBe('de');
		expect(productPages([entry!], OPTIONS)[0]!.props.lang).toBe('de');
	});

	it('falls back as before for entries without it (an older store, a loader of your own)', () => {
		const pages = productPages(entriesOf(['fr', 'en'], false), OPTIONS);
		for (const { props } of pages) {
			expect(props.lastmod).toBeUndefined();
			// The store sorts entries by id: without the loader's order, the first by name is unprefixed.
			expect(props.defaultLocale).toBe('en');
		}
		const [entry] = entriesOf(['de'], false, false);
		expect(localeOfEntry(entry!, 'fr')).toBe('fr');
		expect(localeOfEntry(entry!)).toBeUndefined();
	});
});
