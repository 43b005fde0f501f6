import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { listsTag, productTag, websiteTag } from 'astro-audio-reviews/live';
import { type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';
import { expectNotFoundPage, get, nthOnDemandRef, productPath, titleOf, upstreamRequests } from './pages.js';
import { type StandaloneServer, startStandalone } from './standalone.js';

const SECRET = 'test-webhook-secret-0123456789';
const TOP_N = 3;

let sim: Simulator;
let site: BuiltSite;
/** Default policy: 300 s fresh, 3600 s stale-while-revalidate. */
let server: StandaloneServer;

beforeAll(async () => {
	sim = await startSimulator({ products: 24, seed: 11 });
	const env = { AUDIO_REVIEWS_BASE_URL: sim.baseUrl, AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId, FIXTURE_TOP_N: String(TOP_N) };
	site = await buildFixture('on-demand', { env, label: 'on-demand' });
	server = await startStandalone(site.dist, { ...env, AUDIO_REVIEWS_WEBHOOK_SECRET: SECRET });
});

afterAll(async () => {
	await server?.close();
	await sim?.close();
});

const onDemandRef = (index: number) => nthOnDemandRef(sim, TOP_N, index);
const upstreamFor = (ref: string) => upstreamRequests(sim, ref);

/** `secret: null` sends no credentials at all. */
async function invalidate(body: unknown, secret: string | null = SECRET, base = server.url): Promise<Response> {
	return fetch(`${base}/_audio-reviews/invalidate`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...(secret === null ? {} : { authorization: `Bearer ${secret}` }) },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
}

describe('hybrid: pre-rendered top products, the rest on demand', () => {
	it('writes pages only for the first list page and serves them as files, with no upstream request', async () => {
		const top = sim.refs().slice(0, TOP_N);
		for (const ref of top) expect(existsSync(join(site.dist, 'client', 'products', ref, 'index.html'))).toBe(true);
		expect(existsSync(join(site.dist, 'client', 'products', onDemandRef(0), 'index.html'))).toBe(false);

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
		expect(page.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=3600, stale-if-error=86400');

		const expected = sim.getProduct(ref, { locale: 'en' });
		const html = parse(page.body);
		expect(titleOf(page.body)).toBe(expected.seo_name ?? expected.name ?? expected.external_id);
		// One graph; its Product (there only with rated reviews) names the ref.
		const graph = (
			JSON.parse(html.querySelector('script[type="application/ld+json"]')!.text) as { '@graph': Array<{ '@type': string; sku?: string }> }
		)['@graph'];
		const product = graph.find((node) => node['@type'] === 'Product');
		if (expected.reviews.some((review) => review.type === 'review' && review.rating !== undefined)) expect(product?.sku).toBe(ref);
		else expect(product).toBeUndefined();
		const transcripts = expected.reviews.map((review) => review.transcript).filter((t): t is string => !!t);
		expect(transcripts.length).toBeGreaterThan(0);
		for (const transcript of transcripts) expect(html.text).toContain(transcript.split('\n')[0]!.trim());
		expect(html.querySelectorAll('audio').length).toBe(expected.reviews.filter((r) => r.audio_url).length);
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
		const pages = await Promise.all(Array.from({ length: 8 }, () => get(server.url, productPath(ref))));
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
		const robots = (body: string) => parse(body).querySelector('meta[name="robots"]')?.getAttribute('content');
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

describe('invalidation webhook', () => {
	it('purges one product by tag: the next request renders the new content, other products stay cached', async () => {
		const changed = onDemandRef(3);
		const untouched = onDemandRef(4);
		const before = await get(server.url, productPath(changed));
		await get(server.url, productPath(untouched));
		expect(before.status).toBe(200);

		sim.updateProduct(changed, { seo_name: 'Renamed by the backoffice' });
		const stale = await get(server.url, productPath(changed));
		expect(stale.headers.get('x-astro-cache')).toBe('HIT');
		expect(titleOf(stale.body)).not.toBe('Renamed by the backoffice');

		const response = await invalidate({ ref: changed });
		expect(response.status).toBe(200);
		// The lists (on-demand sitemaps, hub pages) go too: a product's change may change them.
		expect(await response.json()).toEqual({
			ok: true,
			scope: 'products',
			refs: [changed],
			tags: [productTag(sim.websiteId, changed), listsTag(sim.websiteId)],
		});

		const upstream = upstreamFor(changed);
		const fresh = await get(server.url, productPath(changed));
		expect(fresh.headers.get('x-astro-cache')).toBe('MISS');
		expect(titleOf(fresh.body)).toBe('Renamed by the backoffice');
		expect(upstreamFor(changed)).toBe(upstream + 1);
		expect((await get(server.url, productPath(untouched))).headers.get('x-astro-cache')).toBe('HIT');
	});

	it('purges several refs, then the whole website with an empty body', async () => {
		const a = onDemandRef(5);
		const b = onDemandRef(6);
		await get(server.url, productPath(a));
		await get(server.url, productPath(b));
		const some = await invalidate({ refs: [a] });
		expect(some.status).toBe(200);
		expect((await get(server.url, productPath(a))).headers.get('x-astro-cache')).toBe('MISS');
		expect((await get(server.url, productPath(b))).headers.get('x-astro-cache')).toBe('HIT');

		const all = await invalidate(undefined);
		expect(all.status).toBe(200);
		expect(await all.json()).toEqual({ ok: true, scope: 'website', tags: [websiteTag(sim.websiteId)] });
		expect((await get(server.url, productPath(a))).headers.get('x-astro-cache')).toBe('MISS');
		expect((await get(server.url, productPath(b))).headers.get('x-astro-cache')).toBe('MISS');
	});

	it('refuses calls without the right secret, bad bodies and other methods, and purges nothing then', async () => {
		const ref = onDemandRef(7);
		await get(server.url, productPath(ref));
		expect((await invalidate({ ref }, null)).status).toBe(401);
		expect((await invalidate({ ref }, `${SECRET}x`)).status).toBe(401);
		expect((await invalidate({ ref }, SECRET.slice(0, -1))).status).toBe(401);
		const viaHeader = await fetch(`${server.url}/_audio-reviews/invalidate`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'x-audio-reviews-secret': 'nope' },
			body: JSON.stringify({ ref }),
		});
		expect(viaHeader.status).toBe(401);
		const misnamed = await invalidate({ productRef: ref });
		expect(misnamed.status).toBe(400);
		expect(((await misnamed.json()) as { message: string }).message).toContain('productRef');
		expect((await invalidate({ refs: 'not-an-array' })).status).toBe(400);
		expect((await fetch(`${server.url}/_audio-reviews/invalidate`)).status).toBe(405);
		expect((await get(server.url, productPath(ref))).headers.get('x-astro-cache')).toBe('HIT');
	});
});

describe('invalidation webhook without a configured secret', () => {
	it.each([
		['unset', undefined],
		['too short', 'short-secret'],
	])('refuses every call when the secret is %s (fails closed)', async (_label, value) => {
		const unconfigured = await startStandalone(site.dist, {
			AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
			AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
			AUDIO_REVIEWS_WEBHOOK_SECRET: value,
		});
		try {
			const response = await invalidate({}, value ?? '', unconfigured.url);
			expect(response.status).toBe(503);
			expect(((await response.json()) as { error: string }).error).toBe('not_configured');
		} finally {
			await unconfigured.close();
		}
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
