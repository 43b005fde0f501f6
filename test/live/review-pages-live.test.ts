import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { livePath } from 'astro-audio-reviews/live';
import { type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';
import { manyReviews } from '../helpers/seo-site.js';
import { sitemapLocs } from '../helpers/sitemap-xml.js';
import { get, titleOf } from './pages.js';
import { type StandaloneServer, startStandalone } from './standalone.js';

/**
 * Review pages of the on-demand fixture (docs/on-demand.md): a popular product's further pages
 * rendered from the live entry at `<ref>~reviews-<n>`, cached and purged with the product, listed
 * in the on-demand sitemap; a pre-rendered top product's further pages written as files.
 */
const SECRET = 'test-webhook-secret-0123456789';
const SITE = 'https://shop.example.com';
const POPULAR = 'popular-live';
/** A ref that looks like a review page's segment: its own `~` is encoded, so its URL is its product page. */
const LOOKALIKE = 'popular-live~reviews-2';
let sim: Simulator;
let site: BuiltSite;
let server: StandaloneServer;
let top: string;

beforeAll(async () => {
	sim = await startSimulator({ products: 8, seed: 11 });
	top = sim.refs()[0]!;
	sim.updateProduct(top, { reviews: manyReviews(top, 'en', 25) });
	sim.addProduct({
		external_id: POPULAR,
		name: 'Popular live',
		seo_name: 'Popular live',
		reviews: manyReviews(POPULAR, 'en', 45),
	});
	sim.addProduct({
		external_id: LOOKALIKE,
		name: 'Lookalike',
		seo_name: 'Lookalike',
		reviews: manyReviews(LOOKALIKE, 'en', 3),
	});
	const env = {
		AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
		FIXTURE_TOP_N: '3',
	};
	site = await buildFixture('on-demand', { env, label: 'on-demand-review-pages' });
	server = await startStandalone(site.dist, { ...env, AUDIO_REVIEWS_WEBHOOK_SECRET: SECRET });
}, 240_000);

afterAll(async () => {
	await server?.close();
	await sim?.close();
});

const pathOf = (ref: string, page: number) =>
	`/products/${ref}${page === 1 ? '' : `~reviews-${page}`}/`;
const reviewCount = (html: string) => parse(html).querySelectorAll('.aar-review').length;

describe('review pages rendered on demand', () => {
	it('writes a pre-rendered top product’s further review page as a file', () => {
		expect(
			existsSync(join(site.dist, 'client', 'products', `${top}~reviews-2`, 'index.html')),
		).toBe(true);
	});

	it('renders each page of the live entry with its own canonical and links, and 404 past the last one', async () => {
		const first = await get(server.url, pathOf(POPULAR, 1));
		expect(first.status).toBe(200);
		expect(reviewCount(first.body)).toBe(20);
		const links = parse(first.body)
			.querySelectorAll('.aar-review-pages a')
			.map((a) => a.getAttribute('href'));
		expect(links).toEqual(expect.arrayContaining([pathOf(POPULAR, 2), pathOf(POPULAR, 3)]));
		const third = await get(server.url, pathOf(POPULAR, 3));
		expect(third.status).toBe(200);
		expect(reviewCount(third.body)).toBe(5);
		expect(titleOf(third.body)).toBe('Popular live – audio reviews, page 3');
		expect(parse(third.body).querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(
			`${SITE}${pathOf(POPULAR, 3)}`,
		);
		expect((await get(server.url, pathOf(POPULAR, 4))).status).toBe(404);
	});

	it('serves a ref holding "~reviews-2" as its own product page, at the URL livePath() makes', async () => {
		const path = livePath('/products/[...ref]', LOOKALIKE);
		expect(path).toBe('/products/popular-live%7Ereviews-2/');
		const page = await get(server.url, path);
		expect(page.status).toBe(200);
		expect(titleOf(page.body)).toBe('Lookalike');
		expect(reviewCount(page.body)).toBe(3);
		expect(titleOf((await get(server.url, pathOf(POPULAR, 2))).body)).toBe(
			'Popular live – audio reviews, page 2',
		);
	});

	it('caches a further page and purges it with the product', async () => {
		await get(server.url, pathOf(POPULAR, 2));
		expect((await get(server.url, pathOf(POPULAR, 2))).headers.get('x-astro-cache')).toBe('HIT');
		sim.updateProduct(POPULAR, { seo_name: 'Renamed live' });
		const purge = await fetch(`${server.url}/_audio-reviews/invalidate`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` },
			body: JSON.stringify({ ref: POPULAR }),
		});
		expect(purge.status).toBe(200);
		const fresh = await get(server.url, pathOf(POPULAR, 2));
		expect(fresh.headers.get('x-astro-cache')).toBe('MISS');
		expect(titleOf(fresh.body)).toBe('Renamed live – audio reviews, page 2');
	});

	it('lists every review page in the on-demand sitemap', async () => {
		const file = await get(server.url, '/sitemap-products-1.xml');
		expect(file.status).toBe(200);
		const locs = sitemapLocs(file.body);
		for (const n of [1, 2, 3]) expect(locs).toContain(`${SITE}${pathOf(POPULAR, n)}`);
		expect(locs).not.toContain(`${SITE}${pathOf(POPULAR, 4)}`);
		expect(locs).toContain(`${SITE}${pathOf(top, 2)}`);
	});
});
