import { describe, expect, it } from 'vitest';
import { HUB_EXCERPT_LENGTH, hubItemOf } from '../../integration/src/pages/hub-item.js';
import { hubPages } from '../../integration/src/pages/hub-paths.js';
import { hubBasePath, hubPagePath, hubRoute } from '../../integration/src/routing/hub-urls.js';
import {
	type ProductEntryLike,
	productPages,
} from '../../integration/src/routing/product-paths.js';
import { createSlugger } from '../../integration/src/routing/slug.js';
import type { Product } from '../../integration/src/schema/product.js';

function entry(
	locale: string,
	ref: string,
	name: string,
	reviews = 1,
	rating: number | null = 4,
): ProductEntryLike {
	const product: Product = {
		id: ref,
		external_id: ref,
		name,
		website: { id: 'w' },
		reviews: Array.from({ length: reviews }, (_, i) => ({
			id: `${ref}-${i}`,
			type: 'review' as const,
			rating: rating ?? undefined,
			is_active: true,
			is_default: false,
			user: { id: 'u' },
		})),
	};
	return { id: `${locale}/${ref}`, data: product, digest: ref };
}

describe('hub paths', () => {
	it('sit at the route parent, per locale, and never have a product slug shape', () => {
		expect(hubRoute('/products/[ref]')).toBe('/products');
		expect(hubRoute('/shop/[ref]/reviews')).toBe('/shop');
		expect(hubRoute('/[ref]')).toBeUndefined();
		expect(hubBasePath('/products/[ref]', 'en', 'fr')).toBe('/en/products');
		expect(hubBasePath('/products/[ref]', 'fr', 'fr')).toBe('/products');
		expect(hubPagePath('/products', 1, true)).toBe('/products/');
		expect(hubPagePath('/en/products', 3, false)).toBe('/en/products/~page-3');
		// Whatever the refs, no slug is a hub page segment.
		const refs = ['~page-2', 'page-2', '~2', '~page-2~', 'a~b', '~0123456789ab'];
		const slugs = refs.map((ref) => createSlugger(refs).slugFor(ref));
		for (const slug of slugs) expect(slug).not.toMatch(/^~page-\d+$/);
	});

	it('list every product page of each locale once, sorted by name, split into pages with alternates', () => {
		const entries = [
			...['b', 'a', 'd', 'c', 'e'].map((ref) => entry('fr', ref, `Nom ${ref.toUpperCase()}`)),
			...['a', 'b', 'c'].map((ref) => entry('en', ref, `Name ${ref}`)),
			entry('en', 'empty', 'Empty', 0),
		];
		const products = productPages(entries, {
			route: '/products/[ref]',
			defaultLocale: 'fr',
			emptyProducts: 'skip',
			hub: true,
		});
		const hubs = hubPages(products, { route: '/products/[ref]', pageSize: 2 });
		expect(hubs.map((hub) => hub.props.path)).toEqual([
			'/products/',
			'/products/~page-2/',
			'/products/~page-3/',
			'/en/products/',
			'/en/products/~page-2/',
		]);
		expect(hubs.map((hub) => hub.params)).toEqual([
			{ page: undefined },
			{ page: '~page-2' },
			{ page: '~page-3' },
			{ page: undefined, locale: 'en' },
			{ page: '~page-2', locale: 'en' },
		]);
		expect(
			hubs
				.filter((hub) => hub.props.locale === 'fr')
				.flatMap((hub) => hub.props.items.map((item) => item.path)),
		).toEqual(['a', 'b', 'c', 'd', 'e'].map((ref) => `/products/${ref}/`));
		// Page 3 exists in fr only: en's first page stands in for it (the switchers), not as a same page (hreflang).
		expect(hubs[2]!.props.alternates).toEqual([
			{ locale: 'fr', path: '/products/~page-3/', samePage: true },
			{ locale: 'en', path: '/en/products/', samePage: false },
		]);
		expect(hubs[1]!.props.alternates).toEqual([
			{ locale: 'fr', path: '/products/~page-2/', samePage: true },
			{ locale: 'en', path: '/en/products/~page-2/', samePage: true },
		]);
		expect(hubs[4]!.props.firstPosition).toBe(3);
		// The skipped product has neither a page nor a hub entry.
		expect(products.some((path) => path.props.product.external_id === 'empty')).toBe(false);
		expect(new Set(hubs.map((hub) => hub.cacheKey)).size).toBe(hubs.length);
	});

	it('order by rating on request: best average first, more reviews first on a tie, unrated last by name', () => {
		const entries = [
			entry('fr', 'a', 'Alpha', 2, 3),
			entry('fr', 'b', 'Bravo', 1, 4.5),
			entry('fr', 'c', 'Charlie', 3, 4.5),
			entry('fr', 'd', 'Delta', 2, null),
			entry('fr', 'e', 'Echo', 1, 5),
			entry('fr', 'f', 'Aardvark', 1, null),
		];
		const products = productPages(entries, {
			route: '/products/[ref]',
			defaultLocale: 'fr',
			emptyProducts: 'index',
			hub: true,
		});
		const order = (hubOrder?: 'name' | 'rating') =>
			hubPages(products, { route: '/products/[ref]', pageSize: 4, order: hubOrder }).flatMap(
				(hub) => hub.props.items.map((item) => item.name),
			);
		expect(order()).toEqual(['Aardvark', 'Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);
		expect(order('rating')).toEqual(['Echo', 'Charlie', 'Bravo', 'Alpha', 'Aardvark', 'Delta']);
	});

	it('give each entry its rating, audio count and a one-line excerpt (the description, else the first transcript)', () => {
		const product = entry('fr', 'x', 'Théière', 3, 4).data;
		product.reviews[1]!.rating = 3.5;
		product.reviews[2] = { ...product.reviews[2]!, type: 'testimony', rating: undefined };
		product.reviews[0]!.transcript = `  Elle garde le thé chaud\n${'très longtemps, '.repeat(20)}`;
		const item = hubItemOf(product, '/products/x/');
		expect(item).toMatchObject({
			name: 'Théière',
			path: '/products/x/',
			rating: { average: 3.8, count: 2 },
			audioCount: 3,
		});
		expect(item.excerpt).toMatch(/^Elle garde le thé chaud très longtemps, .*…$/);
		expect([...item.excerpt!].length).toBeLessThanOrEqual(HUB_EXCERPT_LENGTH);
		expect(hubItemOf({ ...product, seo_description: 'Fonte émaillée.' }, '/p/').excerpt).toBe(
			'Fonte émaillée.',
		);
		expect(hubItemOf({ ...product, reviews: [] }, '/p/')).toMatchObject({
			rating: undefined,
			audioCount: 0,
			excerpt: undefined,
		});
	});
});

describe('a product page without reviews in its locale', () => {
	const pages = (englishReviews: number) =>
		productPages(
			[
				entry('fr', 'a', 'A', 0),
				entry('en', 'a', 'A', englishReviews),
				entry('fr', 'b', 'B'),
				entry('en', 'b', 'B', englishReviews),
			],
			{
				route: '/products/[ref]',
				defaultLocale: 'fr',
			},
		);
	const page = (paths: ReturnType<typeof pages>, id: string) =>
		paths.find((path) => path.props.entryId === id)!;

	it('knows how many reviews its other locales hold, and renders again when that changes (a reviewed page does not)', () => {
		const [before, after] = [pages(1), pages(2)];
		expect(page(before, 'fr/a').props.alternates).toEqual([
			{ locale: 'fr', path: '/products/a/', samePage: true, indexable: false, reviews: 0 },
			{ locale: 'en', path: '/en/products/a/', samePage: true, indexable: true, reviews: 1 },
		]);
		expect(page(after, 'fr/a').cacheKey).not.toBe(page(before, 'fr/a').cacheKey);
		expect(page(after, 'fr/b').cacheKey).toBe(page(before, 'fr/b').cacheKey);
	});
});
