import { rm } from 'node:fs/promises';
import { listsTag, productTag } from 'astro-audio-reviews/live';
import { type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { parse } from 'smol-toml';
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
import { netlifyApiCertificate, type PurgeStandIn, startPurgeStandIn } from './purge-stand-in.js';

// docs/on-demand.md, "On Netlify": its recipe as written, built once with @astrojs/netlify and run
// as Netlify runs the function it builds, `handler(request, context)`, behind dist/'s static files.
// Netlify's purge API is stood in for at its own address: the purge client's HTTPS call to
// api.netlify.com is connected to a loopback server holding a certificate for that name.

const WEBSITE_ID = '3f0e8c1a-1d2b-4c5d-8e9f-0a1b2c3d4e5f';
const SECRET = 'netlify-webhook-secret-0123456789';
const SITE_ID = 'site-0f4c2b';
const TOKEN = 'purge-token-0123456789';
const CACHED_PAGE =
	'public, max-age=0, s-maxage=300, stale-while-revalidate=3600, stale-if-error=86400';

let sim: Simulator;
let api: PurgeStandIn;
let root: string;
let netlify: HostFunction;
let functionEnv: Record<string, string>;
let certificates: string | undefined;
const started: HostFunction[] = [];

beforeAll(async () => {
	sim = await startSimulator({ products: 4, locales: ['en'], seed: 31, websiteId: WEBSITE_ID });
	const certificate = await netlifyApiCertificate();
	certificates = certificate.folder;
	api = await startPurgeStandIn(certificate);
	const env = { AUDIO_REVIEWS_WEBSITE_ID: WEBSITE_ID, AUDIO_REVIEWS_BASE_URL: sim.baseUrl };
	({ root } = await buildHostRecipe('netlify', env));
	functionEnv = {
		...env,
		AUDIO_REVIEWS_WEBHOOK_SECRET: SECRET,
		SITE_ID,
		NETLIFY_PURGE_API_TOKEN: TOKEN,
		NETLIFY_API_STAND_IN: String(api.port),
		NODE_EXTRA_CA_CERTS: certificate.ca,
	};
	netlify = await start({});
}, 300_000);
afterAll(async () => {
	for (const fn of started) await fn.close();
	await api?.close();
	await sim?.close();
	if (certificates) await rm(certificates, { recursive: true, force: true });
});

async function start(overrides: Record<string, string | undefined>): Promise<HostFunction> {
	const fn = await startHostFunction('netlify', root, { ...functionEnv, ...overrides });
	started.push(fn);
	return fn;
}

const get = (path: string) => fetch(`${netlify.url}${path}`, { redirect: 'manual' });
const invalidate = (fn: HostFunction, body: unknown) =>
	fetch(`${fn.url}/_audio-reviews/invalidate`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` },
		body: JSON.stringify(body),
	});

it('takes the recipe from the docs: netlify.toml publishes dist/, the config uses cacheNetlify()', () => {
	expect(hostFiles('netlify').map((block) => block.title)).toEqual([
		'netlify.toml',
		'astro.config.mjs',
	]);
	const toml = parse(recipeFile('netlify', 'netlify.toml')) as {
		build: { publish: string; command: string; environment: { NODE_VERSION: string } };
	};
	expect(toml.build).toMatchObject({ publish: 'dist', command: 'astro build' });
	expect(Number(toml.build.environment.NODE_VERSION)).toBeGreaterThanOrEqual(22);
	expect(recipeFile('netlify', 'astro.config.mjs')).toContain(
		'cache: { provider: cacheNetlify() }',
	);
});

it('passes astro check in a fresh site (no @types/node in reach) with no errors, warnings or hints', async () => {
	expect(await checkHostRecipe('netlify', WEBSITE_ID)).toMatch(
		/- 0 errors\s+- 0 warnings\s+- 0 hints/,
	);
}, 300_000);

it('serves a product page rendered on demand with the Netlify cache headers, tagged with its ref', async () => {
	const ref = sim.addProduct({ external_id: 'NETLIFY-LIVE', name: 'Live on Netlify' });
	const page = await get(`/products/${ref}/`);
	expect(page.status, netlify.log()).toBe(200);
	expect(await page.text()).toContain('Live on Netlify');
	expect(page.headers.get('cache-control')).toBe(CACHED_PAGE);
	// Left on the function's answer for Netlify's CDN, which reads and removes them.
	expect(page.headers.get('netlify-cdn-cache-control')).toBe(
		'public, durable, max-age=300, stale-while-revalidate=3600',
	);
	const tags = page.headers.get('netlify-cache-tag')!.split(',');
	expect(tags).toContain(productTag(WEBSITE_ID, ref));
});

it('serves the pre-rendered top products as files, and hubs and sitemaps from the function', async () => {
	const top = await get('/products/SKU-00000/');
	expect(top.status).toBe(200);
	expect(top.headers.get('netlify-cache-tag')).toBeNull();
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
	const ref = sim.addProduct({ external_id: 'NETLIFY-DOWN' });
	await sim.setFaults({ outage: true });
	try {
		const down = await get(`/products/${ref}/`);
		expect(down.status).toBe(503);
		expect(down.headers.get('retry-after')).toBe('30');
		expect(down.headers.get('cache-control')).toBe('no-store');
		expect(down.headers.get('netlify-cdn-cache-control')).toBeNull();
	} finally {
		await sim.setFaults({ outage: false });
	}
	expect((await get(`/products/${ref}/`)).status).toBe(200);
});

it('purges 1,000 refs through Netlify’s purge API in 11 calls, at most 4 at once, every tag', async () => {
	api.reset();
	const refs = Array.from({ length: 1000 }, (_, index) => `BULK-${index}`);
	const response = await invalidate(netlify, { refs });
	expect(response.status, await response.clone().text()).toBe(200);
	const expected = [...refs.map((ref) => productTag(WEBSITE_ID, ref)), listsTag(WEBSITE_ID)];
	expect(api.calls.flatMap((call) => call.tags).sort()).toEqual(expected.sort());
	expect(api.calls).toHaveLength(11);
	expect(api.maxInFlight).toBeGreaterThan(1);
	expect(api.maxInFlight).toBeLessThanOrEqual(4);
	for (const call of api.calls) {
		expect(call.headers.authorization).toBe(`Bearer ${TOKEN}`);
		expect(call.headers.host).toBe('api.netlify.com');
		expect(call.body).toMatchObject({ site_id: SITE_ID });
	}
});

it('answers 502 naming Netlify and the status when its purge API refuses or fails', async () => {
	for (const status of [403, 500]) {
		api.reset();
		api.answer(status);
		const response = await invalidate(netlify, { ref: 'SKU-00001' });
		expect(response.status).toBe(502);
		const body = (await response.json()) as { host: string; reason: string; message: string };
		expect(body).toMatchObject({
			error: 'invalidation_failed',
			host: 'Netlify',
			reason: 'refused',
		});
		expect(body.message).toMatch(new RegExp(`^Netlify: .*HTTP ${status}`));
		expect(api.calls.length).toBeGreaterThan(0);
	}
	api.reset();
});

it('answers 502 naming Netlify and the variable when SITE_ID or the token is unset, sending nothing', async () => {
	for (const unset of ['SITE_ID', 'NETLIFY_PURGE_API_TOKEN']) {
		const fn = await start({ [unset]: undefined });
		api.reset();
		const response = await invalidate(fn, { ref: 'SKU-00001' });
		expect(response.status, fn.log()).toBe(502);
		const body = (await response.json()) as { host: string; reason: string; message: string };
		expect(body).toMatchObject({ host: 'Netlify', reason: 'not_sent' });
		expect(body.message).toContain(`${unset} is not set`);
		expect(api.calls).toEqual([]);
		await fn.close();
	}
});

it('answers in astro dev that Astro turns route caching off there, not to set cache.provider', async () => {
	const env = { AUDIO_REVIEWS_WEBSITE_ID: WEBSITE_ID, AUDIO_REVIEWS_BASE_URL: sim.baseUrl };
	await expectDevAnswer(root, env, SECRET);
}, 180_000);
