import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVarnish, type Varnish } from '../../bench/live/varnish.mjs';
import { sitemapLocs, validateSitemap } from '../helpers/sitemap-xml.js';
import { expectNotFoundPage, get, type Page, productPath, titleOf } from '../live/pages.js';
import { type StandaloneServer, startStandalone } from '../live/standalone.js';
import {
	cdn,
	dist,
	env,
	expectedTitle,
	onDemandRef,
	origin,
	servedFromCache,
	sim,
	sleep,
	upstreamFor,
	useCdnSite,
} from './cdn-site.js';

/**
 * The on-demand fixture behind a stock shared cache: Debian's Varnish with its builtin VCL, as
 * the stand-in for a CDN. The fixture is built with FIXTURE_ROUTE_CACHE=0 (no route cache in
 * Astro), so every request the simulator does not see was answered by Varnish.
 */

const PAGE_CACHE_CONTROL =
	'public, max-age=0, s-maxage=300, stale-while-revalidate=3600, stale-if-error=86400';

useCdnSite();

describe('the origin without Varnish', () => {
	it('renders every request itself (no route cache in this build), so the simulator counts each one', async () => {
		const ref = onDemandRef(0);
		for (let i = 0; i < 2; i++) {
			const page = await get(origin.url, productPath(ref));
			expect(page.status, origin.log()).toBe(200);
			expect(page.headers.get('x-astro-cache')).toBeNull();
			expect(page.headers.get('cache-control')).toBe(PAGE_CACHE_CONTROL);
		}
		expect(upstreamFor(ref)).toBe(2);
	});
});

describe(`on-demand pages through Varnish (builtin VCL)`, () => {
	it('renders a product page once, then serves it from Varnish within s-maxage with no upstream request', async () => {
		const ref = onDemandRef(1);
		const first = await get(cdn.url, productPath(ref));
		expect(first.status, `${origin.log()}\n${cdn.log()}`).toBe(200);
		expect(first.headers.get('via')).toContain('varnish');
		expect(servedFromCache(first)).toBe(false);
		expect(first.headers.get('x-rendered')).toBe('on-demand');
		expect(first.headers.get('cache-control')).toBe(PAGE_CACHE_CONTROL);
		expect(titleOf(first.body)).toBe(expectedTitle(ref));
		expect(upstreamFor(ref)).toBe(1);

		for (let i = 0; i < 5; i++) {
			const again = await get(cdn.url, productPath(ref));
			expect(again.status).toBe(200);
			expect(servedFromCache(again)).toBe(true);
			expect(again.headers.get('age')).toMatch(/^\d+$/);
			expect(again.body).toBe(first.body);
		}
		expect(upstreamFor(ref)).toBe(1);
	});

	it('does not cache a 503 of an outage: once the service is back, the next request gets the product', async () => {
		const ref = onDemandRef(2);
		await sim.setFaults({ outage: true });
		try {
			const down = await get(cdn.url, productPath(ref));
			expect(down.status).toBe(503);
			expect(down.headers.get('cache-control')).toBe('no-store');
			const tried = upstreamFor(ref);
			expect(tried).toBeGreaterThan(0);
			const again = await get(cdn.url, productPath(ref));
			expect(again.status).toBe(503);
			expect(servedFromCache(again)).toBe(false);
			expect(upstreamFor(ref)).toBeGreaterThan(tried);
		} finally {
			await sim.setFaults({ outage: false });
		}
		const back = await get(cdn.url, productPath(ref));
		expect(back.status).toBe(200);
		expect(titleOf(back.body)).toBe(expectedTitle(ref));
	});

	it('caches the 404 of an unknown ref (s-maxage=60): the second request costs no upstream request', async () => {
		const ref = 'NOT-IN-THE-CATALOGUE-1';
		const first = await get(cdn.url, productPath(ref));
		expectNotFoundPage(first);
		expect(upstreamFor(ref)).toBe(1);
		const second = await get(cdn.url, productPath(ref));
		expect(second.status).toBe(404);
		expect(servedFromCache(second)).toBe(true);
		expect(second.body).toBe(first.body);
		expect(upstreamFor(ref)).toBe(1);
	});

	it('keeps serving a cached page during an outage, without asking the origin, while the origin alone answers 503', async () => {
		const ref = onDemandRef(3);
		const warm = await get(cdn.url, productPath(ref));
		expect(warm.status).toBe(200);
		await sim.setFaults({ outage: true });
		try {
			const upstream = sim.stats.total;
			for (let i = 0; i < 3; i++) {
				const page = await get(cdn.url, productPath(ref));
				expect(page.status).toBe(200);
				expect(servedFromCache(page)).toBe(true);
				expect(page.body).toBe(warm.body);
			}
			expect(sim.stats.total).toBe(upstream);
			expect((await get(origin.url, productPath(ref))).status).toBe(503);
		} finally {
			await sim.setFaults({ outage: false });
		}
	});
});

describe('on-demand sitemaps and hub pages through Varnish', () => {
	const SITE = 'https://shop.example.com';
	const productUrl = (ref: string) => `${SITE}${productPath(ref)}`;

	it('serves the sitemap index, its file and the hub page from Varnish after one render each, all of them valid and complete', async () => {
		const paths = ['/sitemap-products.xml', '/sitemap-products-1.xml', '/products/'];
		const first = await Promise.all(paths.map((path) => get(cdn.url, path)));
		for (const page of first) expect(page.status, `${origin.log()}\n${cdn.log()}`).toBe(200);
		const upstream = sim.stats.total;
		for (const [i, path] of paths.entries()) {
			const again = await get(cdn.url, path);
			expect(servedFromCache(again), path).toBe(true);
			expect(again.body).toBe(first[i]!.body);
		}
		expect(sim.stats.total).toBe(upstream);

		const [index, file, hub] = first as [Page, Page, Page];
		expect(await validateSitemap(index.body, 'index')).toMatchObject({ valid: true });
		expect(sitemapLocs(index.body)).toEqual([
			`${SITE}/sitemap-0.xml`,
			`${SITE}/sitemap-products-1.xml`,
		]);
		expect(await validateSitemap(file.body, 'urlset')).toMatchObject({ valid: true });
		const products = sim.listAll({ locale: 'en', without: 'inactive' });
		const indexable = products
			.filter((product) => product.reviews.length > 0)
			.map((product) => productUrl(product.external_id));
		expect(sitemapLocs(file.body)).toEqual(indexable);
		const links = parse(hub.body)
			.querySelectorAll('.aar-hub-list a')
			.map((a) => a.getAttribute('href'));
		expect(links).toEqual(products.map((product) => productPath(product.external_id)));
	});

	it('never caches the 503 of a sitemap during an outage', async () => {
		await sim.setFaults({ outage: true });
		try {
			// A query string Varnish has not cached yet: the origin renders it.
			for (let i = 0; i < 2; i++) {
				const page = await get(cdn.url, '/sitemap-products.xml?outage');
				expect(page.status).toBe(503);
				expect(servedFromCache(page)).toBe(false);
			}
		} finally {
			await sim.setFaults({ outage: false });
		}
		expect((await get(cdn.url, '/sitemap-products.xml?outage')).status).toBe(200);
	});
});

describe('past s-maxage during an outage (origin policy: s-maxage=1)', () => {
	let short: StandaloneServer;
	let stock: Varnish;
	let staleIfError: Varnish;

	beforeAll(async () => {
		short = await startStandalone(dist, { ...env, FIXTURE_MAX_AGE: '1' });
		[stock, staleIfError] = await Promise.all([
			startVarnish(short.url),
			// A VCL, because Varnish 7.1 has no stale-if-error: its builtin VCL turns
			// stale-while-revalidate into grace, but the failed background refresh (an uncacheable
			// 503) then replaces the stale copy (first test below). These lines are Varnish's own
			// recipe for keeping it; everything else still comes from the builtin VCL.
			startVarnish(short.url, {
				vcl: [
					'vcl 4.1;',
					'backend default { {{origin}} }',
					'sub vcl_backend_response {',
					'	if (bereq.is_bgfetch && beresp.status >= 500) { return (abandon); }',
					'}',
				].join('\n'),
			}),
		]);
	});

	afterAll(async () => {
		await sim.setFaults({ outage: false });
		await Promise.all([stock?.close(), staleIfError?.close()]);
		await short?.close();
	});

	/** Caches the page, starts the outage and waits until the cached copy is stale. */
	async function warmThenOutage(varnish: Varnish, ref: string): Promise<Page> {
		const warm = await get(varnish.url, productPath(ref));
		expect(warm.status).toBe(200);
		expect(warm.headers.get('cache-control')).toContain('s-maxage=1,');
		await sim.setFaults({ outage: true });
		await sleep(1200);
		return warm;
	}

	it('stock Varnish 7.1: one stale page (grace from stale-while-revalidate), then the failed refresh 503 replaces it', async () => {
		const ref = onDemandRef(4);
		try {
			const warm = await warmThenOutage(stock, ref);
			const stale = await get(stock.url, productPath(ref));
			expect(stale.status).toBe(200);
			expect(stale.body).toBe(warm.body);
			// The background refresh ends within the loader's retry budget (tens of ms here); the
			// minute is only how long to keep asking on a busy machine.
			let later = stale;
			for (
				const deadline = Date.now() + 60_000;
				later.status === 200 && Date.now() < deadline;
				await sleep(50)
			) {
				later = await get(stock.url, productPath(ref));
			}
			expect(later.status).toBe(503);
			expect(later.headers.get('cache-control')).toBe('no-store');
		} finally {
			await sim.setFaults({ outage: false });
		}
	});

	it('with the stale-if-error recipe: the stale page keeps being served, and refreshed once the service is back', async () => {
		const ref = onDemandRef(5);
		try {
			const warm = await warmThenOutage(staleIfError, ref);
			const before = upstreamFor(ref);
			for (let i = 0; i < 4; i++) {
				const page = await get(staleIfError.url, productPath(ref));
				expect(page.status).toBe(200);
				expect(page.body).toBe(warm.body);
				await sleep(100);
			}
			// Varnish did try to refresh it: the stale copy is kept, not simply still fresh.
			expect(upstreamFor(ref)).toBeGreaterThan(before);
		} finally {
			await sim.setFaults({ outage: false });
		}
		sim.updateProduct(ref, { seo_name: 'Renamed while the service was down' });
		let title: string | undefined;
		// Polled until the refresh shows: the minute is only how long to keep asking.
		for (
			const deadline = Date.now() + 60_000;
			title !== 'Renamed while the service was down' && Date.now() < deadline;
			await sleep(100)
		) {
			const page = await get(staleIfError.url, productPath(ref));
			expect(page.status).toBe(200);
			title = titleOf(page.body);
		}
		expect(title).toBe('Renamed while the service was down');
	});
});
