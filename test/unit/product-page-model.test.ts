import { describe, expect, it } from 'vitest';
import { PageLocaleError } from '../../integration/src/errors/errors.js';
import { productPageDigest } from '../../integration/src/pages/page-digest.js';
import { pageLang } from '../../integration/src/pages/page-lang.js';
import { productPageModel } from '../../integration/src/pages/page-model.js';
import { localeRoutingOf } from '../../integration/src/routing/locale-routing.js';
import type { ProductPageProps } from '../../integration/src/routing/product-paths.js';
import { productJsonLd } from '../../integration/src/seo/product-json-ld.js';
import type { PlacedReview } from '../../integration/src/seo/review-policy.js';
import { uiText } from '../../integration/src/words/ui-text.js';
import { validProduct } from '../helpers/products.js';

interface ProductNode {
	'@type': string;
	review?: { reviewBody?: string }[];
}

const site = (base: string, trailingSlash: boolean) => ({
	site: 'https://shop.example',
	base,
	trailingSlash,
	routing: localeRoutingOf({ locales: ['fr', 'en'], defaultLocale: 'fr' }),
	search: false as const,
	text: uiText('fr'),
});

function props(path: string): ProductPageProps {
	const product = validProduct();
	return {
		product,
		locale: 'fr',
		slug: product.external_id,
		path,
		alternates: [],
		defaultLocale: 'fr',
	};
}

describe('productPageModel', () => {
	it("puts the breadcrumb home where getRelativeLocaleUrl does: /shop under base with trailingSlash 'never'", () => {
		const model = productPageModel(props('/products/x'), site('/shop', false));
		expect(model.links.breadcrumbs[0]!.url).toBe('/shop');
		expect(model.head.canonical).toBe('https://shop.example/shop/products/x');
		const graph = JSON.stringify(model.jsonLd);
		expect(graph).toContain('"item":"https://shop.example/shop"');
		expect(
			productPageModel(props('/products/x/'), site('/shop', true)).links.breadcrumbs[0]!.url,
		).toBe('/shop/');
	});

	it('is plain data: what it gives survives JSON unchanged', () => {
		const model = productPageModel(props('/products/x/'), site('/', true));
		expect(JSON.parse(JSON.stringify(model))).toEqual(model);
		expect(Object.values(model).some((value) => typeof value === 'function')).toBe(false);
		// The check itself: a value JSON does not carry as it is (a Date) fails it.
		const dated = { ...model, shownAt: new Date(0) };
		expect(JSON.parse(JSON.stringify(dated))).not.toEqual(dated);
	});

	it("decides the page's language once: lang, else locale, else the default locale, never a guess", () => {
		const base = props('/products/x/');
		expect(pageLang({ lang: 'de', locale: 'fr', defaultLocale: 'en' })).toBe('de');
		expect(pageLang({ lang: undefined, locale: 'fr', defaultLocale: 'en' })).toBe('fr');
		expect(pageLang({ lang: undefined, locale: undefined, defaultLocale: 'nl' })).toBe('nl');
		expect(() =>
			pageLang({ lang: undefined, locale: undefined, defaultLocale: undefined }),
		).toThrow(PageLocaleError);
		expect(() =>
			pageLang({ lang: undefined, locale: undefined, defaultLocale: undefined }),
		).toThrow(/add `lang`/);
		const model = productPageModel(
			{ ...base, locale: undefined, lang: undefined },
			site('/', true),
		);
		expect(model.lang).toBe('fr');
	});

	it('fails loudly when an on-demand page holds another locale than its URL serves, naming the locale to load', () => {
		const live = (lang: string, path: string): ProductPageProps => ({
			...props(path),
			locale: lang,
			lang,
			defaultLocale: lang,
			liveLocales: ['de', 'fr', 'en'],
		});
		// i18n.defaultLocale 'fr': the unprefixed route serves French, whatever the loader's order.
		expect(productPageModel(live('fr', '/products/x/'), site('/', true)).lang).toBe('fr');
		expect(productPageModel(live('de', '/de/products/x/'), site('/', true)).lang).toBe('de');
		expect(() => productPageModel(live('de', '/products/x/'), site('/', true))).toThrow(
			PageLocaleError,
		);
		expect(() => productPageModel(live('de', '/products/x/'), site('/', true))).toThrow(
			`getLiveEntry('products', { ref, locale: "fr" })`,
		);
		// Without i18n the loader's first locale is the unprefixed one.
		const plain = { ...site('/', true), routing: {} };
		expect(productPageModel(live('de', '/products/x/'), plain).lang).toBe('de');
		expect(() => productPageModel(live('fr', '/products/x/'), plain)).toThrow(/locale: "de"/);
		// prefixDefaultLocale: no locale is unprefixed.
		const prefixed = {
			...site('/', true),
			routing: localeRoutingOf({
				locales: ['fr', 'en', 'de'],
				defaultLocale: 'fr',
				routing: { prefixDefaultLocale: true },
			}),
		};
		expect(() => productPageModel(live('fr', '/products/x/'), prefixed)).toThrow(
			/injected \/\[locale\]\/products/,
		);
		expect(productPageModel(live('fr', '/fr/products/x/'), prefixed).lang).toBe('fr');
	});

	it('gives the JSON-LD the reviews the page shows, as placed by the model', () => {
		const product = validProduct();
		const productNode = (placed: PlacedReview[]) =>
			(productJsonLd(product, { placed })['@graph'] as ProductNode[]).find(
				(node) => node['@type'] === 'Product',
			);
		const rated = product.reviews.findIndex((review) => review.type === 'review');
		const testimony = product.reviews.findIndex((review) => review.type === 'testimony');
		const place = (index: number) => ({ review: product.reviews[index]!, index });
		expect(productNode([place(rated)])?.review).toEqual([
			expect.objectContaining({ reviewBody: product.reviews[rated]!.transcript }),
		]);
		expect(productNode([place(testimony)])?.review).toBeUndefined();
	});
});

describe('productPageDigest', () => {
	it('is stable for the same product, and moves when anything the page shows does', () => {
		const product = validProduct();
		const digest = productPageDigest(product, 'fr');
		expect(productPageDigest(structuredClone(product), 'fr')).toBe(digest);
		const renamed = { ...product, name: `${product.name} II` };
		expect(productPageDigest(renamed, 'fr')).not.toBe(digest);
		const described = { ...product, seo_description: 'Another description' };
		expect(productPageDigest(described, 'fr')).not.toBe(digest);
		const [first, ...rest] = product.reviews;
		const edited = { ...product, reviews: [{ ...first!, transcript: 'Changed words' }, ...rest] };
		expect(productPageDigest(edited, 'fr')).not.toBe(digest);
		expect(productPageDigest(product, 'en')).not.toBe(digest);
	});

	it('does not move for what the page does not show', () => {
		const product = validProduct();
		const digest = productPageDigest(product, 'fr');
		expect(
			productPageDigest({ ...product, updated_at: '2031-01-01T00:00:00Z' } as never, 'fr'),
		).toBe(digest);
	});
});
