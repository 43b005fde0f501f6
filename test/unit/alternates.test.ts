import { describe, expect, it } from 'vitest';
import {
	hreflangOf,
	inLocaleOrder,
	layoutAlternates,
} from '../../integration/src/routing/alternates.js';

const versions = [
	{ locale: 'fr', path: '/products/a/', indexable: true },
	{ locale: 'en', path: '/en/products/a/', indexable: false },
	{ locale: 'de', path: '/de/products/a/', indexable: true },
];

describe('alternates', () => {
	it('join indexable pages only, x-default only at one of them, none on a noindex page', () => {
		const fr = hreflangOf(versions, { locale: 'fr', indexable: true }, 'fr');
		expect(fr.links.map((v) => v.locale)).toEqual(['fr', 'de']);
		expect(fr.xDefault?.locale).toBe('fr');
		// Each page it names names it back.
		const de = hreflangOf(versions, { locale: 'de', indexable: true }, 'fr');
		expect(de.links.map((v) => v.locale)).toEqual(['fr', 'de']);
		expect(hreflangOf(versions, { locale: 'en', indexable: false }, 'fr')).toEqual({
			links: [],
			xDefault: undefined,
		});
		// The default locale's page is noindex: no x-default rather than one naming it.
		const withoutDefault = hreflangOf(versions, { locale: 'fr', indexable: true }, 'en');
		expect(withoutDefault.links).toHaveLength(2);
		expect(withoutDefault.xDefault).toBeUndefined();
	});

	it('name no pair when the page is the only indexable one, nor a locale standing in with its first page', () => {
		expect(
			hreflangOf(
				[versions[0]!, { ...versions[2]!, samePage: false }],
				{ locale: 'fr', indexable: true },
				'fr',
			).links,
		).toEqual([]);
	});

	it('give the layout every version, root-relative under base, the current one marked, in the order given', () => {
		expect(layoutAlternates(versions, 'en', '/boutique')).toEqual([
			{ locale: 'fr', href: '/boutique/products/a/', current: false },
			{ locale: 'en', href: '/boutique/en/products/a/', current: true },
			{ locale: 'de', href: '/boutique/de/products/a/', current: false },
		]);
		expect(inLocaleOrder(versions, ['de', 'fr']).map((v) => v.locale)).toEqual(['de', 'fr', 'en']);
	});
});
