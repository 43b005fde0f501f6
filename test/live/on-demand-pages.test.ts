import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	invalidate,
	onDemandRef,
	SECRET,
	server,
	sim,
	site,
	TOP_N,
	upstreamFor,
	useOnDemandSite,
} from './on-demand-site.js';
import { expectNotFoundPage, get, productPath, titleOf } from './pages.js';
import { type StandaloneServer, startStandalone } from './standalone.js';

// The on-demand product pages of a hybrid site: pre-rendered and live pages, the route cache, a service outage.
useOnDemandSite('on-demand');

describe('hybrid: pre-rendered top products, the rest on demand', () => {
	it('writes pages only for the first list page and serves them as files, with no upstream request', async () => {
		const top = sim.refs().slice(0, TOP_N);
		for (const ref of top)
			expect(existsSync(join(site.dist, 'client', 'products', ref, 'index.html'))).toBe(true);
		expect(existsSync(join(site.dist, 'client', 'products', onDemandRef(0), 'index.html'))).toBe(
			false,
		);

		sim.resetStats();
		const page = await get(server.url, productPath(top[0]!));
		expect(page.status).toBe(200);
		const expected = sim.getProduct(top[0]!, { locale: 'en' });
		expect(titleOf(page.body)).toBe(expected.seo_name ?? expected.name ?? expected.external_id);
		expect(page.headers.get('x-rendered')).toBeNull();
		expect(page.headers.get('x-astro-cache')).toBeNull();
		expect(sim.stats.total).toBe(0);
	});
});

describe('on-demand product page', () => {
	it('renders the live product: title, transcripts, JSON-LD, CDN Cache-Control', async () => {
		const ref = onDemandRef(0);
		const before = upstreamFor(ref);
		const page = await get(server.url, productPath(ref));
		expect(page.status, server.log()).toBe(200);
		expect(page.headers.get('x-rendered')).toBe('on-demand');
		expect(page.headers.get('x-astro-cache')).toBe('MISS');
		expect(page.headers.get('cache-control')).toBe(
			'public, max-age=0, s-maxage=300, stale-while-revalidate=3600, stale-if-error=86400',
		);

		const expected = sim.getProduct(ref, { locale: 'en' });
		const html = parse(page.body);
		expect(titleOf(page.body)).toBe(expected.seo_name ?? expected.name ?? expected.external_id);
		// One graph; its Product (there only with rated reviews) names the ref.
		const graph = (
			JSON.parse(html.querySelector('script[type="application/ld+json"]')!.text) as {
				'@graph': Array<{ '@type': string; sku?: string }>;
			}
		)['@graph'];
		const product = graph.find((node) => node['@type'] === 'Product');
		if (expected.reviews.some((review) => review.type === 'review' && review.rating !== undefined))
			expect(product?.sku).toBe(ref);
		else expect(product).toBeUndefined();
		const transcripts = expected.reviews
			.map((review) => review.transcript)
			.filter((t): t is string => !!t);
		expect(transcripts.length).toBeGreaterThan(0);
		for (const transcript of transcripts)
			expect(html.text).toContain(transcript.split('\n')[0]!.trim());
		expect(html.querySelectorAll('audio').length).toBe(
			expected.reviews.filter((r) => r.audio_url).length,
		);
		expect(upstreamFor(ref) - before).toBe(1);
	});

	it('serves a second request within max-age from the route cache, with no upstream request', async () => {
		const ref = onDemandRef(1);
		const first = await get(server.url, productPath(ref));
		expect(first.status).toBe(200);
		const afterFirst = upstreamFor(ref);
		for (let i = 0; i < 5; i++) {
			const again = await get(server.url, productPath(ref));
			expect(again.status).toBe(200);
			expect(again.headers.get('x-astro-cache')).toBe('HIT');
			expect(again.body).toBe(first.body);
		}
		expect(upstreamFor(ref)).toBe(afterFirst);
	});

	it('costs one upstream request for eight simultaneous first visits of a product (single flight + route cache)', async () => {
		const ref = onDemandRef(2);
		const before = upstreamFor(ref);
		const pages = await Promise.all(
			Array.from({ length: 8 }, () => get(server.url, productPath(ref))),
		);
		for (const page of pages) expect(page.status).toBe(200);
		expect(upstreamFor(ref) - before).toBe(1);
	});

	it('answers 404 (cached briefly, tagged) for an unknown ref, and the webhook for a new product purges it', async () => {
		const ref = 'NOT-YET-1';
		const first = await get(server.url, productPath(ref));
		expectNotFoundPage(first);
		const second = await get(server.url, productPath(ref));
		expect(second.status).toBe(404);
		expect(second.headers.get('x-astro-cache')).toBe('HIT');
		expect(upstreamFor(ref)).toBe(1);

		sim.addProduct({ external_id: ref, seo_name: 'Brand new product' });
		expect((await get(server.url, productPath(ref))).status).toBe(404);
		expect((await invalidate({ ref })).status).toBe(200);
		const created = await get(server.url, productPath(ref));
		expect(created.status).toBe(200);
		expect(titleOf(created.body)).toBe('Brand new product');
	});

	it('marks a product without reviews noindex, as the static pages do (emptyProducts)', async () => {
		const empty = sim.addProduct({ external_id: 'NO-REVIEWS-1', reviews: [] });
		const reviewed = sim
			.refs()
			.slice(TOP_N)
			.find((ref) => sim.getProduct(ref, { locale: 'en' }).reviews.length > 0)!;
		expect(reviewed).toBeDefined();
		const robots = (body: string) =>
			parse(body).querySelector('meta[name="robots"]')?.getAttribute('content');
		const emptyPage = await get(server.url, productPath(empty));
		expect(emptyPage.status).toBe(200);
		expect(robots(emptyPage.body)).toBe('noindex, follow');
		expect(robots((await get(server.url, productPath(reviewed))).body)).toBeUndefined();

		const skipping = await startStandalone(site.dist, {
			AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
			AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
			FIXTURE_EMPTY_PRODUCTS: 'skip',
		});
		try {
			expectNotFoundPage(await get(skipping.url, productPath(empty)));
			expect((await get(skipping.url, productPath(reviewed))).status).toBe(200);
		} finally {
			await skipping.close();
			sim.removeProduct(empty);
		}
	});

	it('escapes a hostile ref in the 404 page', async () => {
		const page = await get(server.url, `/products/${encodeURIComponent('<script>x</script>')}/`);
		expect(page.status).toBe(404);
		expect(page.body).not.toContain('<script>x');
		expect(page.body).toContain('&#60;script&#62;');
	});
});

describe('upstream outage', () => {
	let short: StandaloneServer;
	beforeAll(async () => {
		// A second server on the same build with max-age 1 s, so the stale window starts quickly.
		short = await startStandalone(site.dist, {
			AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
			AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
			AUDIO_REVIEWS_WEBHOOK_SECRET: SECRET,
			FIXTURE_MAX_AGE: '1',
		});
	});
	afterAll(async () => {
		await sim.setFaults({ outage: false });
		await short?.close();
	});

	it('serves the cached page stale while the service is down; 503 with a clear body where nothing is cached; no crash', async () => {
		const cached = onDemandRef(8);
		const uncached = onDemandRef(9);
		const warm = await get(short.url, productPath(cached));
		expect(warm.status).toBe(200);
		expect(warm.headers.get('cache-control')).toContain('s-maxage=1,');

		await sim.setFaults({ outage: true });
		await new Promise((resolve) => setTimeout(resolve, 1500));
		for (let i = 0; i < 3; i++) {
			const stale = await get(short.url, productPath(cached));
			expect(stale.status).toBe(200);
			expect(stale.headers.get('x-astro-cache')).toBe('STALE');
			expect(stale.body).toBe(warm.body);
			await new Promise((resolve) => setTimeout(resolve, 100));
		}

		const down = await get(short.url, productPath(uncached));
		expect(down.status).toBe(503);
		expect(down.headers.get('cache-control')).toBe('no-store');
		expect(down.headers.get('retry-after')).toBe('30');
		expect(down.body).toMatch(
			/^503 Service Unavailable: The page of product ".+" cannot be shown right now because the product catalogue service is unavailable/,
		);
		expect(down.body).not.toContain('simulated outage');
		// Not cached: the next request tries the service again.
		expect((await get(short.url, productPath(uncached))).headers.get('x-astro-cache')).toBeNull();

		await sim.setFaults({ outage: false });
		const back = await get(short.url, productPath(uncached));
		expect(back.status).toBe(200);
		expect(short.alive()).toBe(true);
	});

	it('refused connections give the same 503, never a crash', async () => {
		const ref = onDemandRef(10);
		await sim.setFaults({ outage: 'refuse' });
		try {
			const down = await get(short.url, productPath(ref));
			expect(down.status).toBe(503);
			expect(down.body).toContain('Service Unavailable');
		} finally {
			await sim.setFaults({ outage: false });
		}
		expect((await get(short.url, productPath(ref))).status).toBe(200);
		expect(short.alive()).toBe(true);
	});
});
