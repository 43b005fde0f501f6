import { type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { parse } from 'node-html-parser';
import pLimit from 'p-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';
import { hreflangBreaches, readPage, type SitePage } from '../helpers/hreflang.js';
import { sitemapAlternates, sitemapLocs } from '../helpers/sitemap-xml.js';
import { get } from './pages.js';
import { type StandaloneServer, startStandalone } from './standalone.js';

/**
 * The hreflang rule on demand: every product, review and hub page of a fr/en/de live catalogue
 * (every locale under its prefix), fetched from the server, read from its HTML alone; and each
 * page's alternates equal to its entry in the on-demand sitemaps.
 */
const SITE = 'https://shop.example.com';
const LOCALES = ['fr', 'en', 'de'];
const PER_PAGE = 2;
let sim: Simulator;
let site: BuiltSite;
let server: StandaloneServer;

beforeAll(async () => {
	sim = await startSimulator({
		products: 12,
		seed: 40,
		locales: LOCALES,
		reviewsPerProduct: 3,
		longTail: false,
		transcriptLength: [20, 60],
	});
	const env = {
		AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
		AUDIO_REVIEWS_LOCALES: LOCALES.join(','),
		FIXTURE_I18N_LOCALES: LOCALES.join(','),
	};
	site = await buildFixture('on-demand-i18n', {
		env,
		extends: 'on-demand',
		label: 'hreflang-live',
	});
	server = await startStandalone(site.dist, env);
}, 240_000);

afterAll(async () => {
	await server?.close();
	await sim?.close();
});

/** Every page the catalogue has on demand, written out from the simulator's data. */
function expectedPaths(): string[] {
	const paths = LOCALES.map((locale) => `/${locale}/products/`);
	for (const locale of LOCALES)
		for (const product of sim.listAll({ locale, without: 'inactive' })) {
			const ref = encodeURIComponent(product.external_id);
			const pages = Math.max(1, Math.ceil(product.reviews.length / PER_PAGE));
			for (let page = 1; page <= pages; page++)
				paths.push(`/${locale}/products/${ref}${page === 1 ? '' : `~reviews-${page}`}/`);
		}
	return paths;
}

describe('hreflang of the on-demand pages (fr, en, de, every locale prefixed)', () => {
	it('joins indexable pages only, each listing the others back, in config order, as the sitemaps do', async () => {
		const limit = pLimit(6);
		const switchers = new Map<string, string[]>();
		const fetched = await Promise.all(
			expectedPaths().map((path) =>
				limit(async () => {
					const page = await get(server.url, path);
					expect(page.status, path).toBe(200);
					const links = parse(page.body).querySelectorAll('.aar-locales a');
					switchers.set(
						path,
						links.map(
							(a) =>
								`${a.getAttribute('hreflang')}${a.getAttribute('aria-current') ? '*' : ''}=${a.getAttribute('href')}`,
						),
					);
					return readPage(page.body, `${SITE}${path}`);
				}),
			),
		);
		// The language links (what the layout's `alternates` hold): every version that exists, this one marked, in config order.
		const existing = new Set(expectedPaths());
		for (const [path, links] of switchers) {
			if (links.length === 0) continue;
			expect(
				links.filter((link) => link.includes('*=')),
				path,
			).toEqual([`${path.slice(1, 3)}*=${path}`]);
			const locales = links.map((link) => link.slice(0, 2));
			expect(locales, path).toEqual(LOCALES.filter((locale) => locales.includes(locale)));
			for (const link of links)
				expect(existing.has(link.split('=')[1]!), `${path} → ${link}`).toBe(true);
		}
		expect([...switchers.values()].filter((links) => links.length === 3).length).toBeGreaterThan(0);
		const pages = new Map<string, SitePage>(fetched.map((page) => [page.url, page]));
		const values = [...pages.values()];
		expect(values.filter((page) => !page.indexable).length).toBeGreaterThan(0);
		expect(values.filter((page) => page.links.length === 3).length).toBeGreaterThan(0);
		expect(values.filter((page) => page.url.includes('~reviews-')).length).toBeGreaterThan(0);
		const sameKey = (url: string) => new URL(url).pathname.replace(/^\/(fr|en|de)(?=\/)/, '');
		expect(hreflangBreaches(pages, LOCALES, sameKey)).toEqual([]);

		const index = await get(server.url, '/sitemap-products.xml');
		const listed = new Map<string, Record<string, string>>();
		for (const file of sitemapLocs(index.body).filter((loc) => loc.includes('/sitemap-products-')))
			for (const url of sitemapAlternates((await get(server.url, new URL(file).pathname)).body))
				listed.set(url.loc, url.alternates);
		expect(listed.size).toBeGreaterThan(10);
		for (const [loc, alternates] of listed) {
			const page = pages.get(loc);
			expect(page, loc).toBeDefined();
			expect(Object.fromEntries(page!.links), loc).toEqual(alternates);
		}
		// Every indexable product page is in the sitemaps, no noindex one.
		for (const page of values.filter((candidate) => !/\/products\/$/.test(candidate.url)))
			expect(listed.has(page.url), page.url).toBe(page.indexable);
	});
});
