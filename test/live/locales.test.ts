import { type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { parse } from 'node-html-parser';
import pLimit from 'p-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';
import { sitemapLocs } from '../helpers/sitemap-xml.js';
import { get } from './pages.js';
import { type StandaloneServer, startStandalone } from './standalone.js';

/**
 * Every locale served on demand: the on-demand fixture (the recipe of docs/on-demand.md) with a
 * live loader of two locales. Every URL its sitemap files list, and every product link of the
 * first hub page of each locale, answers 200: `/products/<ref>/` through the site's own route,
 * `/fr/products/<ref>/` through the route the integration injects for the other locales.
 */
const SITE = 'https://shop.example.com';
let sim: Simulator;
let site: BuiltSite;
let server: StandaloneServer;

beforeAll(async () => {
	sim = await startSimulator({
		products: 40,
		seed: 11,
		locales: ['en', 'fr'],
		reviewsPerProduct: 2,
		transcriptLength: [20, 60],
	});
	const env = {
		AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
		AUDIO_REVIEWS_LOCALES: 'en,fr',
		FIXTURE_TOP_N: '2',
	};
	site = await buildFixture('on-demand', { env, label: 'on-demand-locales' });
	server = await startStandalone(site.dist, env);
}, 240_000);

afterAll(async () => {
	await server?.close();
	await sim?.close();
});

/** Status of each path, a few at a time. */
async function statuses(paths: readonly string[]): Promise<Map<string, number>> {
	const limit = pLimit(6);
	const pages = await Promise.all(
		paths.map((path) => limit(async () => [path, (await get(server.url, path)).status] as const)),
	);
	return new Map(pages);
}

const allOk = (paths: readonly string[]) => new Map(paths.map((path) => [path, 200]));

describe('an on-demand site whose live loader has two locales', () => {
	it('answers 200 for every URL the sitemap files list, in both locales', async () => {
		const index = await get(server.url, '/sitemap-products.xml');
		expect(index.status, index.body).toBe(200);
		const files = sitemapLocs(index.body).filter((loc) => loc.includes('/sitemap-products-'));
		const paths: string[] = [];
		for (const file of files) {
			const page = await get(server.url, new URL(file).pathname);
			expect(page.status, page.body.slice(0, 300)).toBe(200);
			paths.push(...sitemapLocs(page.body).map((loc) => loc.slice(SITE.length)));
		}
		expect(paths.some((path) => path.startsWith('/fr/products/'))).toBe(true);
		expect(paths.some((path) => path.startsWith('/products/'))).toBe(true);
		expect(await statuses(paths)).toEqual(allOk(paths));
	});

	it('answers 200 for every product link of the first hub page of each locale, each page in its language', async () => {
		for (const [hub, lang] of [
			['/products/', 'en'],
			['/fr/products/', 'fr'],
		] as const) {
			const page = await get(server.url, hub);
			expect(page.status, page.body.slice(0, 300)).toBe(200);
			const links = parse(page.body)
				.querySelectorAll('.aar-hub-list a')
				// Absolute or root-relative: the path is what the server answers.
				.map((a) => new URL(a.getAttribute('href')!, SITE).pathname);
			expect(links.length).toBeGreaterThan(0);
			expect(await statuses(links)).toEqual(allOk(links));
			const product = parse((await get(server.url, links[links.length - 1]!)).body);
			expect(product.querySelector('html')?.getAttribute('lang')).toBe(lang);
			expect(product.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
				`${SITE}${links[links.length - 1]}`,
			);
		}
	});

	it('answers 404 for the unprefixed locale under a prefix, and for a locale the loader does not serve', async () => {
		const ref = sim.refs()[5]!;
		expect((await get(server.url, `/en/products/${encodeURIComponent(ref)}/`)).status).toBe(404);
		expect((await get(server.url, `/de/products/${encodeURIComponent(ref)}/`)).status).toBe(404);
	});
});
