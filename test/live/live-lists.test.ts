import { productsLiveLoader } from 'astro-audio-reviews/loaders';
import { type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveHubPage } from '../../integration/src/on-demand/hub-pages.js';
import type { ProductsLiveLoader } from '../../integration/src/on-demand/live-loader/products-live-loader.js';
import { liveSitemapFile } from '../../integration/src/on-demand/sitemap-routes.js';
import type { HubPageProps } from '../../integration/src/pages/hub-paths.js';
import {
	HOSTILE_WEBSITE_ID,
	type HostileService,
	makeCatalogue,
	startHostileService,
} from '../helpers/hostile-service.js';
import { sitemapAlternates, sitemapLocs, validateSitemap } from '../helpers/sitemap-xml.js';
import {
	listsConfig as config,
	listsContext as context,
	NO_ROUTE_CACHE as noCache,
	QUICK_LOADER as quick,
	LISTS_SITE as SITE,
} from './pages.js';

/**
 * The on-demand sitemaps and hub pages called as their routes call them, without a server in
 * between: what they list, in several locales (hreflang) and for a catalogue without reviews. The
 * services that break the list's contract and the collection the routes read are in
 * live-lists-sources.test.ts; the routes through a real server and Varnish in sitemaps.test.ts
 * and cdn.test.ts.
 */

describe('several locales', () => {
	let sim: Simulator;
	let loader: ProductsLiveLoader;
	beforeAll(async () => {
		// Products of one page each: the review pages have their own test below.
		sim = await startSimulator({ products: 30, seed: 3, locales: ['en', 'fr'], longTail: false });
		loader = productsLiveLoader({
			baseUrl: sim.baseUrl,
			websiteId: sim.websiteId,
			locales: ['en', 'fr'],
			...quick,
		});
	});
	afterAll(() => sim?.close());

	it('lists every indexable page in each locale, the default unprefixed, with reciprocal hreflang alternates', async () => {
		const response = await liveSitemapFile(context, config(sim.websiteId, loader), '1');
		const xml = await response.text();
		expect(response.status, xml).toBe(200);
		expect(await validateSitemap(xml, 'urlset')).toEqual({
			valid: true,
			output: expect.any(String),
		});
		const url = (locale: string, ref: string) =>
			`${SITE}${locale === 'en' ? '' : `/${locale}`}/products/${encodeURIComponent(ref)}/`;
		const expected = new Map<string, Record<string, string>>();
		const indexable = (locale: string) =>
			sim
				.listAll({ locale, without: 'inactive' })
				.filter((p) => p.reviews.length > 0)
				.map((p) => p.external_id);
		const byLocale = { en: new Set(indexable('en')), fr: new Set(indexable('fr')) };
		for (const locale of ['en', 'fr'] as const) {
			for (const ref of byLocale[locale]) {
				const both = byLocale.en.has(ref) && byLocale.fr.has(ref);
				expected.set(url(locale, ref), both ? { en: url('en', ref), fr: url('fr', ref) } : {});
			}
		}
		// Some product has reviews in one locale only: it is listed there, without alternates.
		expect([...expected.values()].some((alternates) => Object.keys(alternates).length === 0)).toBe(
			true,
		);
		expect(new Map(sitemapAlternates(xml).map((url) => [url.loc, url.alternates]))).toEqual(
			expected,
		);
	});

	it('lists a product’s further review pages, with hreflang only between the locales that have that page', async () => {
		const response = await liveSitemapFile(
			context,
			config(sim.websiteId, loader, { reviewsPerPage: 2 }),
			'1',
		);
		const xml = await response.text();
		expect(await validateSitemap(xml, 'urlset')).toEqual({
			valid: true,
			output: expect.any(String),
		});
		const url = (locale: string, ref: string, page: number) =>
			`${SITE}${locale === 'en' ? '' : `/${locale}`}/products/${encodeURIComponent(ref)}${page === 1 ? '' : `~reviews-${page}`}/`;
		const pagesIn = (locale: string) =>
			new Map(
				sim
					.listAll({ locale, without: 'inactive' })
					.filter((p) => p.reviews.length > 0)
					.map((p) => [p.external_id, Math.ceil(p.reviews.length / 2)]),
			);
		const counts = { en: pagesIn('en'), fr: pagesIn('fr') };
		const expected = new Map<string, Record<string, string>>();
		for (const locale of ['en', 'fr'] as const) {
			for (const [ref, pages] of counts[locale]) {
				for (let page = 1; page <= pages; page++) {
					const both = (counts.en.get(ref) ?? 0) >= page && (counts.fr.get(ref) ?? 0) >= page;
					expected.set(
						url(locale, ref, page),
						both ? { en: url('en', ref, page), fr: url('fr', ref, page) } : {},
					);
				}
			}
		}
		// Some product has a page 2 in one locale only: listed there, without alternates.
		expect(
			[...expected.entries()].some(
				([loc, alternates]) => loc.includes('~reviews-2') && Object.keys(alternates).length === 0,
			),
		).toBe(true);
		expect(new Map(sitemapAlternates(xml).map((url) => [url.loc, url.alternates]))).toEqual(
			expected,
		);
	});

	it('serves a hub per locale: /fr/products/ in French, /en/products/ not at all (the default is unprefixed)', async () => {
		const astro = (params: Record<string, string | undefined>) => ({
			cache: noCache,
			params,
			response: { headers: new Headers() },
		});
		const fr = (await liveHubPage(
			astro({ locale: 'fr' }),
			config(sim.websiteId, loader),
		)) as HubPageProps;
		expect(fr.lang).toBe('fr');
		expect(fr.path).toBe('/fr/products/');
		expect(fr.items[0]?.path).toMatch(/^\/fr\/products\//);
		expect(fr.alternates.map((a) => a.path)).toEqual(['/products/', '/fr/products/']);
		const en = await liveHubPage(astro({ locale: 'en' }), config(sim.websiteId, loader));
		expect((en as Response).status).toBe(404);
		expect(
			((await liveHubPage(astro({ locale: 'de' }), config(sim.websiteId, loader))) as Response)
				.status,
		).toBe(404);
	});

	it('answers 404 for any other first segment, markup included, and never echoes it as markup', async () => {
		const astro = {
			cache: noCache,
			params: { locale: '<img src=x onerror=alert(1)>' },
			response: { headers: new Headers() },
		};
		const response = (await liveHubPage(astro, config(sim.websiteId, loader))) as Response;
		const body = await response.text();
		expect(response.status, body).toBe(404);
		expect(body).not.toContain('<img');
		expect(body).toContain('&#60;img src=x onerror=alert(1)&#62;');
	});
});

describe('a catalogue whose products have no review', () => {
	let service: HostileService;
	let loader: ProductsLiveLoader;
	beforeAll(async () => {
		service = await startHostileService({
			catalogue: makeCatalogue(5).map((product) => ({ ...product, reviews: [] })),
		});
		loader = productsLiveLoader({
			baseUrl: service.url,
			websiteId: HOSTILE_WEBSITE_ID,
			locale: 'en',
			...quick,
		});
	});
	afterAll(() => service?.close());

	it('lists the first hub page (or the home page) in a file that would be empty: a urlset needs one URL', async () => {
		for (const [hub, expected] of [
			[{ pageSize: 48, order: 'name' }, `${SITE}/products/`],
			[false, `${SITE}/`],
		] as const) {
			const response = await liveSitemapFile(
				context,
				config(HOSTILE_WEBSITE_ID, loader, { hub }),
				'1',
			);
			const xml = await response.text();
			expect(await validateSitemap(xml, 'urlset')).toMatchObject({ valid: true });
			expect(sitemapLocs(xml)).toEqual([expected]);
		}
		// Under emptyProducts 'index' they are all listed.
		const indexed = await liveSitemapFile(
			context,
			config(HOSTILE_WEBSITE_ID, loader, { emptyProducts: 'index' }),
			'1',
		);
		expect(sitemapLocs(await indexed.text())).toHaveLength(5);
	});
});
