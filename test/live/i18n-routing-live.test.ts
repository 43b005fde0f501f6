import { type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { parse } from 'node-html-parser';
import pLimit from 'p-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';
import { sitemapLocs } from '../helpers/sitemap-xml.js';
import { get } from './pages.js';
import { type StandaloneServer, startStandalone } from './standalone.js';

/**
 * The on-demand routes in a site with Astro's i18n routing, `prefixDefaultLocale: true` and the
 * default locale `fr`: the live loader's locales `fr` and `en` both live under their prefix, in the
 * sitemap, the hubs and the locale route the integration injects; nothing of the package answers at
 * the bare `/products/`.
 */
const SITE = 'https://shop.example.com';
let sim: Simulator;
let site: BuiltSite;
let server: StandaloneServer;

beforeAll(async () => {
	sim = await startSimulator({
		products: 12,
		seed: 17,
		locales: ['fr', 'en'],
		reviewsPerProduct: 3,
		transcriptLength: [20, 60],
	});
	const env = {
		AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
		AUDIO_REVIEWS_LOCALES: 'fr,en',
	};
	site = await buildFixture('on-demand-i18n', {
		env,
		extends: 'on-demand',
		label: 'on-demand-i18n',
	});
	server = await startStandalone(site.dist, env);
}, 240_000);

afterAll(async () => {
	await server?.close();
	await sim?.close();
});

async function sitemapPaths(): Promise<string[]> {
	const index = await get(server.url, '/sitemap-products.xml');
	expect(index.status, index.body).toBe(200);
	const paths: string[] = [];
	for (const file of sitemapLocs(index.body).filter((loc) => loc.includes('/sitemap-products-'))) {
		const page = await get(server.url, new URL(file).pathname);
		expect(page.status, page.body.slice(0, 300)).toBe(200);
		paths.push(...sitemapLocs(page.body).map((loc) => loc.slice(SITE.length)));
	}
	return paths;
}

describe('on-demand pages with a prefixed default locale', () => {
	it('lists every product page under its locale prefix in the sitemap, each answering 200 in its language', async () => {
		const paths = await sitemapPaths();
		const products = paths.filter(
			(path) => path.includes('/products/') && !/\/products\/$/.test(path),
		);
		expect(products.filter((path) => !/^\/(fr|en)\/products\/[^/]+\/$/.test(path))).toEqual([]);
		for (const locale of ['fr', 'en'])
			expect(
				products.some((path) => path.startsWith(`/${locale}/products/`)),
				locale,
			).toBe(true);
		const limit = pLimit(6);
		const pages = await Promise.all(
			products.map((path) => limit(async () => ({ path, page: await get(server.url, path) }))),
		);
		for (const { path, page } of pages) {
			expect(page.status, path).toBe(200);
			const html = parse(page.body);
			expect(html.querySelector('html')?.getAttribute('lang'), path).toBe(path.slice(1, 3));
			expect(html.querySelector('link[rel="canonical"]')?.getAttribute('href'), path).toBe(
				`${SITE}${path}`,
			);
			expect(html.querySelector('.aar-breadcrumb a')?.getAttribute('href'), path).toBe(
				path.slice(0, 4),
			);
		}
	});

	it('serves each locale hub under its prefix, linking that prefix, and nothing at the bare hub or product route', async () => {
		for (const locale of ['fr', 'en']) {
			const hub = await get(server.url, `/${locale}/products/`);
			expect(hub.status, hub.body.slice(0, 300)).toBe(200);
			const html = parse(hub.body);
			const links = html.querySelectorAll('.aar-hub-list a').map((a) => a.getAttribute('href')!);
			expect(links.length).toBeGreaterThan(0);
			expect(links.filter((href) => !href.startsWith(`/${locale}/products/`))).toEqual([]);
			expect(html.querySelector('.aar-breadcrumb a')?.getAttribute('href')).toBe(`/${locale}/`);
			expect(html.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
				`${SITE}/${locale}/products/`,
			);
		}
		expect((await get(server.url, '/products/')).status).toBe(404);
		expect(
			(await get(server.url, `/de/products/${encodeURIComponent(sim.refs()[0]!)}/`)).status,
		).toBe(404);
	});
});
