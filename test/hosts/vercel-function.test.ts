import { listsTag, productTag } from 'astro-audio-reviews/live';
import { type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
	buildHostRecipe,
	checkHostRecipe,
	expectDevAnswer,
	type HostFunction,
	hostFiles,
	recipeFile,
	startHostFunction,
} from './host-sites.js';
import { type PurgeStandIn, startPurgeStandIn } from './purge-stand-in.js';

// docs/on-demand.md, "On Vercel": its recipe as written, built once with @astrojs/vercel and run as
// Vercel runs it: routed as .vercel/output/config.json says (static files, then the function), the
// function's `{ fetch }` handler called inside a request context. Vercel's purge API is stood in for
// there, in the request context `@vercel/functions` reads; each of its calls reaches a loopback
// recorder, which counts the calls in flight.

const WEBSITE_ID = '3f0e8c1a-1d2b-4c5d-8e9f-0a1b2c3d4e5f';
const SECRET = 'vercel-webhook-secret-0123456789';
const CACHED_PAGE =
	'public, max-age=0, s-maxage=300, stale-while-revalidate=3600, stale-if-error=86400';

let sim: Simulator;
let api: PurgeStandIn;
let root: string;
let vercel: HostFunction;
let functionEnv: Record<string, string>;
const started: HostFunction[] = [];

beforeAll(async () => {
	sim = await startSimulator({ products: 4, locales: ['en'], seed: 37, websiteId: WEBSITE_ID });
	api = await startPurgeStandIn();
	const env = { AUDIO_REVIEWS_WEBSITE_ID: WEBSITE_ID, AUDIO_REVIEWS_BASE_URL: sim.baseUrl };
	({ root } = await buildHostRecipe('vercel', env));
	functionEnv = { ...env, AUDIO_REVIEWS_WEBHOOK_SECRET: SECRET, VERCEL_PURGE_STAND_IN: api.url };
	vercel = await start({});
}, 300_000);
afterAll(async () => {
	for (const fn of started) await fn.close();
	await api?.close();
	await sim?.close();
});

async function start(overrides: Record<string, string | undefined>): Promise<HostFunction> {
	const fn = await startHostFunction('vercel', root, { ...functionEnv, ...overrides });
	started.push(fn);
	return fn;
}

const get = (path: string) => fetch(`${vercel.url}${path}`, { redirect: 'manual' });
const invalidate = (fn: HostFunction, body: unknown) =>
	fetch(`${fn.url}/_audio-reviews/invalidate`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` },
		body: JSON.stringify(body),
	});

it('takes the recipe from the docs: vercel.json for Astro, the config uses cacheVercel()', () => {
	expect(hostFiles('vercel').map((block) => block.title)).toEqual([
		'vercel.json',
		'astro.config.mjs',
	]);
	expect(JSON.parse(recipeFile('vercel', 'vercel.json'))).toMatchObject({
		framework: 'astro',
		buildCommand: 'astro build',
	});
	expect(recipeFile('vercel', 'astro.config.mjs')).toContain('cache: { provider: cacheVercel() }');
});

it('passes astro check in a fresh site (no @types/node in reach) with no errors, warnings or hints', async () => {
	expect(await checkHostRecipe('vercel', WEBSITE_ID)).toMatch(
		/- 0 errors\s+- 0 warnings\s+- 0 hints/,
	);
}, 300_000);

it('serves a product page rendered on demand with the Vercel cache headers, tagged with its ref', async () => {
	const ref = sim.addProduct({ external_id: 'VERCEL-LIVE', name: 'Live on Vercel' });
	const page = await get(`/products/${ref}/`);
	expect(page.status, vercel.log()).toBe(200);
	expect(await page.text()).toContain('Live on Vercel');
	expect(page.headers.get('cache-control')).toBe(CACHED_PAGE);
	// Left on the function's answer for Vercel's CDN; no stale-if-error reaches it.
	expect(page.headers.get('vercel-cdn-cache-control')).toBe(
		'public, max-age=300, stale-while-revalidate=3600',
	);
	expect(page.headers.get('vercel-cache-tag')!.split(',')).toContain(productTag(WEBSITE_ID, ref));
});

it('serves the pre-rendered top products as files, and hubs and sitemaps from the function', async () => {
	const top = await get('/products/SKU-00000/');
	expect(top.status).toBe(200);
	expect(top.headers.get('vercel-cache-tag')).toBeNull();
	const hub = await get('/products/');
	expect(hub.status).toBe(200);
	expect(await hub.text()).toContain('/products/SKU-00001/');
	expect((await get('/sitemap-products.xml')).status).toBe(200);
	const file = await get('/sitemap-products-1.xml');
	expect(file.status).toBe(200);
	// The product's canonical URL; its locale prefix follows the site's locale settings.
	expect(await file.text()).toMatch(
		/https:\/\/shop\.example\.com\/(?:en\/)?products\/SKU-00000\/<\/loc>/,
	);
});

it('answers 404 for an unknown product, and 503 with Retry-After while the service is down', async () => {
	const unknown = await get('/products/NO-SUCH-REF/');
	expect(unknown.status).toBe(404);
	expect(unknown.headers.get('vercel-cache-tag')).toContain(productTag(WEBSITE_ID, 'NO-SUCH-REF'));
	const ref = sim.addProduct({ external_id: 'VERCEL-DOWN' });
	await sim.setFaults({ outage: true });
	try {
		const down = await get(`/products/${ref}/`);
		expect(down.status).toBe(503);
		expect(down.headers.get('retry-after')).toBe('30');
		expect(down.headers.get('cache-control')).toBe('no-store');
		expect(down.headers.get('vercel-cdn-cache-control')).toBeNull();
	} finally {
		await sim.setFaults({ outage: false });
	}
	expect((await get(`/products/${ref}/`)).status).toBe(200);
});

it('purges 1,000 refs with invalidateByTag, at most 10 calls in flight, every tag', async () => {
	api.reset();
	const refs = Array.from({ length: 1000 }, (_, index) => `BULK-${index}`);
	const response = await invalidate(vercel, { refs });
	expect(response.status, await response.clone().text()).toBe(200);
	const expected = [...refs.map((ref) => productTag(WEBSITE_ID, ref)), listsTag(WEBSITE_ID)];
	expect(api.calls.flatMap((call) => call.tags).sort()).toEqual(expected.sort());
	expect(new Set(api.calls.map((call) => call.op))).toEqual(new Set(['invalidate']));
	expect(api.maxInFlight).toBeGreaterThan(1);
	expect(api.maxInFlight).toBeLessThanOrEqual(10);
});

it('answers 502 naming Vercel when its purge API rejects a purge', async () => {
	api.reset();
	api.answer(403);
	const response = await invalidate(vercel, { ref: 'SKU-00001' });
	expect(response.status).toBe(502);
	const body = (await response.json()) as { host: string; reason: string; message: string };
	expect(body).toMatchObject({ error: 'invalidation_failed', host: 'Vercel', reason: 'refused' });
	expect(body.message).toMatch(/^Vercel: .*HTTP 403/);
	api.reset();
});

it('answers 502 naming Vercel, never 200, when the request context has no purge API', async () => {
	const fn = await start({ VERCEL_PURGE_STAND_IN: 'none' });
	api.reset();
	const response = await invalidate(fn, { ref: 'SKU-00001' });
	expect(response.status, fn.log()).toBe(502);
	const body = (await response.json()) as { host: string; reason: string; message: string };
	expect(body).toMatchObject({ host: 'Vercel', reason: 'not_sent' });
	expect(body.message).toContain("no purge API in the function's request context");
	expect(api.calls).toEqual([]);
	await fn.close();
});

it('answers in astro dev that Astro turns route caching off there, not to set cache.provider', async () => {
	const env = { AUDIO_REVIEWS_WEBSITE_ID: WEBSITE_ID, AUDIO_REVIEWS_BASE_URL: sim.baseUrl };
	await expectDevAnswer(root, env, SECRET);
}, 180_000);
