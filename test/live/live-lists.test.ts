import { productsLiveLoader } from 'astro-audio-reviews/loaders';
import { type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubPageProps } from '../../integration/src/hubs/hub-paths.js';
import type { ProductsLiveLoader } from '../../integration/src/loaders/products-live-loader.js';
import { liveHubPage } from '../../integration/src/on-demand/live-hub.js';
import { liveSitemapFile, liveSitemapIndex } from '../../integration/src/on-demand/live-sitemap.js';
import { liveSourceOf } from '../../integration/src/on-demand/live-source.js';
import {
	HOSTILE_WEBSITE_ID,
	type HostileService,
	makeCatalogue,
	startHostileService,
} from '../helpers/hostile-service.js';
import { liveContent } from '../helpers/live-content.js';
import { sitemapAlternates, sitemapLocs, validateSitemap } from '../helpers/sitemap-xml.js';
import { listsConfig } from './pages.js';

/**
 * The on-demand sitemaps and hub pages called as their routes call them, without a server in
 * between: several locales (hreflang), and services that break the list's contract. The routes
 * through a real server and Varnish are in sitemaps.test.ts and cdn.test.ts.
 */

const SITE = 'https://shop.example.com';
const noCache = { enabled: false } as never;
const context = {
	cache: noCache,
	site: new URL(SITE),
	url: new URL(`${SITE}/sitemap-products.xml`),
};
const config = listsConfig;
const quick = { retries: 0, timeoutMs: 3000, pageSize: 10 };

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

describe('a service that breaks the list contract', () => {
	let service: HostileService;
	let loader: ProductsLiveLoader;
	let lie: (real: number) => number = (real) => real;
	let shiftAfter = Infinity;
	beforeAll(async () => {
		service = await startHostileService({
			catalogue: makeCatalogue(95),
			countItem: (real) => lie(real),
			misbehave: (request, _res, self) => {
				// A product deleted near the start once the walk is under way: every later page shifts by one.
				if (request.kind === 'list' && self.count('list') === shiftAfter)
					self.catalogue.splice(1, 1);
				return false;
			},
		});
		loader = productsLiveLoader({
			baseUrl: service.url,
			websiteId: HOSTILE_WEBSITE_ID,
			locale: 'en',
			...quick,
		});
	});
	afterAll(() => service?.close());

	it('answers 503 for an index whose count_item the list does not bear out, high or low', async () => {
		for (const wrong of [(real: number) => real * 1000, (real: number) => real - 5]) {
			lie = wrong;
			const response = await liveSitemapIndex(context, config(HOSTILE_WEBSITE_ID, loader));
			expect(response.status).toBe(503);
			expect(response.headers.get('cache-control')).toBe('no-store');
		}
		lie = (real) => real;
		const honest = await liveSitemapIndex(context, config(HOSTILE_WEBSITE_ID, loader));
		expect(sitemapLocs(await honest.text())).toEqual([`${SITE}/sitemap-products-1.xml`]);
	});

	it('walks again when products shift between pages, and lists exactly the catalogue it ends with', async () => {
		const before = service.count('list');
		shiftAfter = before + 3;
		const response = await liveSitemapFile(context, config(HOSTILE_WEBSITE_ID, loader), '1');
		const xml = await response.text();
		expect(response.status, xml).toBe(200);
		expect(service.catalogue).toHaveLength(94);
		expect(sitemapLocs(xml)).toEqual(
			service.catalogue.map((p) => `${SITE}/products/${p.external_id}/`),
		);
		// Ten pages of ten (with their overlap) for the first walk's start, then a full walk.
		expect(service.count('list') - before).toBeGreaterThan(11);
	});

	it('answers 503 rather than a short file when the pages end before count_item', async () => {
		lie = (real) => real + 20;
		try {
			const response = await liveSitemapFile(context, config(HOSTILE_WEBSITE_ID, loader), '1');
			expect(response.status).toBe(503);
			expect(await response.text()).not.toContain('<urlset');
		} finally {
			lie = (real) => real;
		}
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

describe('the live collection the routes read (`collection`)', () => {
	let sim: Simulator;
	let loader: ProductsLiveLoader;
	beforeAll(async () => {
		sim = await startSimulator({ products: 3, seed: 3 });
		loader = productsLiveLoader({
			baseUrl: sim.baseUrl,
			websiteId: sim.websiteId,
			locale: 'en',
			...quick,
		});
	});
	afterAll(() => sim?.close());

	it('says the fix when it names no collection of productsLiveLoader(), or one of another website, and the lists answer 503 no-store', async () => {
		const content = liveContent(loader);
		await expect(liveSourceOf(content, { collection: 'catalogue' })).rejects.toThrow(
			/the live collection "catalogue" \(`onDemand\.collection`, else `collection`, of audioReviews\(\)\) is not a live collection read by productsLiveLoader\(\): define it in src\/live\.config\.ts with productsLiveLoader\(\), or set `onDemand\.collection` to the name of the one that is \(Collection "catalogue" is not a live collection/,
		);
		const otherLoader = {
			name: 'other',
			loadEntry: async () => undefined,
			loadCollection: async () => ({ entries: [] }),
		};
		await expect(
			liveSourceOf(liveContent(otherLoader as never), { collection: 'products' }),
		).rejects.toThrow(/"products" .* is not a live collection read by productsLiveLoader\(\)/);
		await expect(
			liveSourceOf(content, { collection: 'products', websiteId: HOSTILE_WEBSITE_ID }),
		).rejects.toThrow(
			`reads website ${sim.websiteId}, but \`invalidate.websiteId\` of audioReviews() is ${HOSTILE_WEBSITE_ID}: set both to the same website`,
		);
		for (const more of [{ collection: 'catalogue' }, { websiteId: HOSTILE_WEBSITE_ID }]) {
			const response = await liveSitemapIndex(context, config(sim.websiteId, loader, more));
			expect(response.status).toBe(503);
			expect(response.headers.get('cache-control')).toBe('no-store');
		}
		expect((await liveSitemapIndex(context, config(sim.websiteId, loader))).status).toBe(200);
	});

	it('is `onDemand.collection` when set: a hybrid site’s live collection beside its build-time `collection`', async () => {
		const hybrid = {
			collection: 'products',
			liveCollection: 'liveProducts',
			content: liveContent(loader, 'liveProducts'),
		};
		const response = await liveSitemapIndex(context, config(sim.websiteId, loader, hybrid));
		expect(response.status, await response.clone().text()).toBe(200);
		const astro = { cache: noCache, params: {}, response: { headers: new Headers() } };
		expect(
			((await liveHubPage(astro, config(sim.websiteId, loader, hybrid))) as HubPageProps).items,
		).toHaveLength(3);
		const wrong = await liveSitemapIndex(
			context,
			config(sim.websiteId, loader, { liveCollection: 'products', content: hybrid.content }),
		);
		expect(wrong.status).toBe(503);
	});
});
