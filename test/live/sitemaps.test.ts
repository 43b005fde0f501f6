import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { listsTag, productTag } from 'astro-audio-reviews/live';
import { type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	includeMismatch,
	sitemapPaths,
} from '../../integration/src/sitemaps/sitemap-include-check.js';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';
import { sitemapLocs, validateSitemap } from '../helpers/sitemap-xml.js';
import type { Page } from './pages.js';
import { type StandaloneServer, startStandalone } from './standalone.js';

/**
 * The sitemaps and hub pages `audioReviews()` injects for an on-demand catalogue
 * (docs/on-demand.md, "Sitemaps" and "Hub pages"), on the fixture served by @astrojs/node with
 * Astro's memory route cache, over a 70,000-product simulated catalogue: two sitemap files, the
 * first a full range of 50,000 list positions and the last a partial one.
 */

const SECRET = 'test-webhook-secret-0123456789';
const SITE = 'https://shop.example.com';
const PRODUCTS = 70_000;
const HUB_PAGE_SIZE = 1000;

let sim: Simulator;
let site: BuiltSite;
let server: StandaloneServer;

beforeAll(async () => {
	// Light products (one short review each, no long tail): the test is about the lists, not the pages.
	sim = await startSimulator({
		products: PRODUCTS,
		seed: 20,
		locales: ['en'],
		reviewsPerProduct: 1,
		longTail: false,
		transcriptLength: [20, 40],
	});
	const env = {
		AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
		FIXTURE_TOP_N: '3',
		FIXTURE_HUB_PAGE_SIZE: String(HUB_PAGE_SIZE),
	};
	site = await buildFixture('on-demand', { env, label: 'on-demand-sitemaps' });
	server = await startStandalone(site.dist, { ...env, AUDIO_REVIEWS_WEBHOOK_SECRET: SECRET });
}, 240_000);

afterAll(async () => {
	await server?.close();
	await sim?.close();
});

/**
 * GET on a connection of its own: the file walks take seconds, longer than the server keeps an
 * idle keep-alive connection, and a reused one it has just closed fails with "other side closed".
 */
function get(base: string, path: string): Promise<Page> {
	return new Promise((resolve, reject) => {
		request(`${base}${path}`, { agent: false }, (response) => {
			const chunks: Buffer[] = [];
			response.on('data', (chunk: Buffer) => chunks.push(chunk));
			response.on('end', () => {
				const headers = new Headers();
				for (const [name, value] of Object.entries(response.headers))
					if (typeof value === 'string') headers.set(name, value);
				resolve({
					status: response.statusCode!,
					headers,
					body: Buffer.concat(chunks).toString('utf8'),
				});
			});
			response.on('error', reject);
		})
			.on('error', reject)
			.end();
	});
}

/** The hub's links are root-relative; the sitemaps carry the absolute URL. */
const productLink = (ref: string) => `/products/${encodeURIComponent(ref)}/`;
const productUrl = (ref: string) => `${SITE}${productLink(ref)}`;
const catalogue = () => sim.listAll({ locale: 'en', without: 'inactive' });

async function invalidate(body: unknown): Promise<Response> {
	return fetch(`${server.url}/_audio-reviews/invalidate`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` },
		body: JSON.stringify(body),
	});
}

async function sitemapFile(
	n: number,
): Promise<{ status: number; locs: string[]; cache: string | null; xml: string; ms: number }> {
	const started = performance.now();
	const page = await get(server.url, `/sitemap-products-${n}.xml`).catch((error: Error) => {
		throw new Error(`${error.message}\n${server.log()}`);
	});
	const ms = performance.now() - started;
	return {
		status: page.status,
		locs: page.status === 200 ? sitemapLocs(page.body) : [],
		cache: page.headers.get('x-astro-cache'),
		xml: page.body,
		ms,
	};
}

/** Follows "next" from the first hub page to the last; every product link on the way. */
async function walkHub(): Promise<{ pages: number; links: string[] }> {
	const links: string[] = [];
	let path: string | undefined = '/products/';
	let pages = 0;
	while (path !== undefined) {
		const page: Page = await get(server.url, path).catch((error: Error) => {
			throw new Error(`${path}: ${error.message}\n${server.log()}`);
		});
		expect(page.status, `${path}: ${page.body.slice(0, 300)}`).toBe(200);
		const html = parse(page.body);
		links.push(...html.querySelectorAll('.aar-hub-list a').map((a) => a.getAttribute('href')!));
		const next = html.querySelector('link[rel="next"]')?.getAttribute('href');
		path = next === undefined ? undefined : new URL(next, SITE).pathname;
		pages++;
		if (pages > PRODUCTS) throw new Error('the hub pages loop');
	}
	return { pages, links };
}

describe('the sitemap index of an on-demand catalogue', () => {
	it("lists @astrojs/sitemap's file of the pre-rendered pages and one file per 50,000 products, and validates", async () => {
		const page = await get(server.url, '/sitemap-products.xml');
		expect(page.status, page.body).toBe(200);
		expect(page.headers.get('content-type')).toBe('application/xml; charset=utf-8');
		expect(await validateSitemap(page.body, 'index')).toEqual({
			valid: true,
			output: expect.any(String),
		});
		expect(sitemapLocs(page.body)).toEqual([
			`${SITE}/sitemap-0.xml`,
			`${SITE}/sitemap-products-1.xml`,
			`${SITE}/sitemap-products-2.xml`,
		]);
		// The file it names for @astrojs/sitemap is the one that integration wrote, as the check after the build found.
		const written = sitemapPaths(
			await readFile(join(site.dist, 'client', 'sitemap-index.xml'), 'utf8'),
		);
		expect(written).toEqual(['/sitemap-0.xml']);
		expect(includeMismatch(written, ['/sitemap-0.xml'], '/')).toBeUndefined();
		expect(site.output).not.toContain('but the on-demand sitemap index lists');
		expect(includeMismatch(written, ['/sitemap-1.xml'], '/')).toBe(
			'@astrojs/sitemap wrote /sitemap-0.xml, but the on-demand sitemap index lists /sitemap-1.xml: set `onDemand.sitemap.include` to ["/sitemap-0.xml"] so the one index of the site lists them all',
		);
		expect(includeMismatch(['/shop/sitemap-0.xml'], [], '/shop/')).toContain(
			'set `onDemand.sitemap.include` to ["/sitemap-0.xml"]',
		);
		expect(page.headers.get('cache-control')).toBe(
			'public, max-age=0, s-maxage=3600, stale-while-revalidate=86400, stale-if-error=86400',
		);
	});
});

describe('the sitemap files', () => {
	it("list exactly the catalogue's indexable product pages, at most 50,000 per file, each valid", async () => {
		sim.resetStats();
		const first = await sitemapFile(1);
		const coldRequests = sim.stats.total;
		expect(first.status, first.xml.slice(0, 500)).toBe(200);
		expect(first.cache).toBe('MISS');
		const again = await sitemapFile(1);
		expect(again.cache).toBe('HIT');
		expect(sim.stats.total).toBe(coldRequests);
		// Numbers for the report, not assertions: 500 list pages of 100, plus the overlap of one product per page.
		console.log(
			`sitemap file 1 of ${PRODUCTS}: cold ${first.ms.toFixed(0)} ms, ${coldRequests} upstream requests; cached ${again.ms.toFixed(1)} ms, 0 requests`,
		);

		const files = [first, await sitemapFile(2)];
		for (const file of files) {
			expect(file.status).toBe(200);
			expect(await validateSitemap(file.xml, 'urlset')).toEqual({
				valid: true,
				output: expect.any(String),
			});
			expect(file.locs.length).toBeLessThanOrEqual(50_000);
			expect(new TextEncoder().encode(file.xml).byteLength).toBeLessThanOrEqual(50 * 1024 * 1024);
		}
		const listed = files.flatMap((file) => file.locs);
		const products = catalogue();
		const empty = products.filter((product) => product.reviews.length === 0);
		expect(empty.length).toBeGreaterThan(0);
		expect(new Set(listed).size).toBe(listed.length);
		expect(new Set(listed)).toEqual(
			new Set(
				products
					.filter((product) => product.reviews.length > 0)
					.map((product) => productUrl(product.external_id)),
			),
		);
		expect((await sitemapFile(3)).status).toBe(404);
	});
});

describe('the hub pages', () => {
	it('reach every product page from the first one, in the static hub pages’ markup', async () => {
		const first = parse((await get(server.url, '/products/')).body);
		// The static hub's words (uiText 'hub'), as its title and heading.
		expect(first.querySelector('h1')?.text).toBe('Audio reviews of our products');
		expect(first.querySelector('title')?.text).toBe('Audio reviews of our products');
		const graph = first
			.querySelectorAll('script[type="application/ld+json"]')
			.map((script) => script.text);
		expect(graph.join('')).toContain('"CollectionPage"');
		expect(graph.join('')).not.toContain('"Product"');

		const { pages, links } = await walkHub();
		expect(pages).toBe(PRODUCTS / HUB_PAGE_SIZE);
		expect(links).toEqual(catalogue().map((product) => productLink(product.external_id)));
		expect((await get(server.url, `/products/~page-${pages + 1}/`)).status).toBe(404);
		expect((await get(server.url, '/products/~page-1/')).status).toBe(404);
	});
});

describe('the invalidation webhook', () => {
	it('purges the sitemaps and hub pages along with the product, so a new product is listed at once', async () => {
		const before = await sitemapFile(2);
		expect(before.status).toBe(200);
		const lastHub = `/products/~page-${PRODUCTS / HUB_PAGE_SIZE}/`;
		await get(server.url, lastHub);
		const ref = sim.addProduct({ name: 'Brand-new kettle' });
		expect((await sitemapFile(2)).locs).not.toContain(productUrl(ref));

		const response = await invalidate({ ref });
		expect(await response.json()).toMatchObject({
			tags: [productTag(sim.websiteId, ref), listsTag(sim.websiteId)],
		});
		const after = await sitemapFile(2);
		expect(after.cache).toBe('MISS');
		const hasReviews = sim.getProduct(ref, { locale: 'en' }).reviews.length > 0;
		expect(after.locs.includes(productUrl(ref))).toBe(hasReviews);
		// The hub lists it whether or not it has reviews (emptyProducts 'noindex' renders every product).
		const hub = parse(
			(await get(server.url, `/products/~page-${PRODUCTS / HUB_PAGE_SIZE + 1}/`)).body,
		);
		expect(hub.querySelectorAll('.aar-hub-list a').map((a) => a.getAttribute('href'))).toEqual([
			productLink(ref),
		]);
	});
});

describe('a failing service', () => {
	it('answers 503, uncached, for the index, the files and the hub pages, never a truncated list', async () => {
		await sim.setFaults({ outage: true });
		try {
			await invalidate({});
			for (const path of [
				'/sitemap-products.xml',
				'/sitemap-products-1.xml',
				'/products/',
				'/products/~page-2/',
			]) {
				const page = await get(server.url, path);
				expect(page.status, path).toBe(503);
				expect(page.headers.get('cache-control')).toBe('no-store');
				expect(page.body).not.toContain('<url>');
			}
		} finally {
			await sim.setFaults({ outage: false });
		}
		expect((await get(server.url, '/sitemap-products.xml')).status).toBe(200);
	});
});
