import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	type ProductEntryLike,
	productPages,
} from '../../integration/src/routing/product-paths.js';
import { placePath, placesOf } from '../../integration/src/routing/product-url.js';
import { renderedWith } from '../../integration/src/schema/entry-metadata.js';
import type { CatalogueIndex } from '../../integration/src/state/build-state.js';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';

// productUrl lays out the loader's index of the entries; the pages lay out the entries Astro
// hands them. Both must give every entry the same path, whatever the locales and options.
let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator({
		products: 30,
		locales: ['fr', 'en', 'de'],
		seed: 19,
		adversarial: true,
	});
});
afterAll(() => sim.close());

/** The entries productsLoader() stores for `locales` (ids `<locale>/<ref>`, or the ref with one locale), with the loader's locale order. */
function entriesOf(locales: string[], multi = locales.length > 1): ProductEntryLike[] {
	return locales.flatMap((locale) =>
		sim.listAll({ locale, without: 'inactive' }).map((data) => ({
			id: multi ? `${locale}/${data.external_id}` : data.external_id,
			data,
			rendered: renderedWith({ locale, locales }),
		})),
	);
}

const CASES = [
	{
		name: 'three locales, the loader order decides',
		locales: ['en', 'fr', 'de'],
		defaultLocale: undefined,
	},
	{ name: 'a configured default locale', locales: ['fr', 'en', 'de'], defaultLocale: 'de' },
	{ name: 'one locale', locales: ['fr'], defaultLocale: undefined },
	{ name: 'one locale given as `locales`', locales: ['en'], defaultLocale: 'fr', multi: true },
] as const;

describe('productUrl and the pages lay out the same entries alike', () => {
	for (const { name, locales, defaultLocale, ...rest } of CASES) {
		it(name, () => {
			const collection = `url-${name}`;
			const entries = entriesOf([...locales], 'multi' in rest ? rest.multi : undefined);
			const index: CatalogueIndex = {
				locales,
				entries: entries.map((entry) => [entry.id, entry.data.external_id]),
			};
			for (const options of [
				{ route: '/products/[ref]', trailingSlash: true, emptyProducts: 'noindex' as const },
				{ route: '/shop/items/[ref]', trailingSlash: false, emptyProducts: 'skip' as const },
			]) {
				// productUrl names a product's page, not its further review pages.
				const pages = productPages(entries, { ...options, defaultLocale, collection }).filter(
					(page) => (page.props.reviewPage?.page ?? 1) === 1,
				);
				expect(pages.length).toBeGreaterThan(0);
				const places = placesOf(index, defaultLocale);
				for (const page of pages) {
					const place = places.byId.get(page.props.entryId!)!;
					expect(placePath(place, places, options.route, options.trailingSlash)).toBe(
						page.props.path,
					);
				}
				if (options.emptyProducts === 'skip') expect(pages.length).toBeLessThan(entries.length);
			}
			// The escaped refs and the case twins are there, so slugs depend on the other refs.
			const twins = [...placesOf(index, defaultLocale).byId].filter(([id]) =>
				/(^|\/)(S|s)hoe-1$/.test(id),
			);
			expect(new Set(twins.map(([, place]) => place.slug)).size).toBe(2);
		});
	}

	it('lays out an index once, and again only when a sync replaced it', () => {
		const entries = entriesOf(['fr']);
		const index: CatalogueIndex = {
			locales: ['fr'],
			entries: entries.map((entry) => [entry.id, entry.data.external_id]),
		};
		expect(placesOf(index, undefined)).toBe(placesOf(index, undefined));
		expect(placesOf({ ...index }, undefined)).not.toBe(placesOf(index, undefined));
	});
});
