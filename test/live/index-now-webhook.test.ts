import { listsTag, productTag } from 'astro-audio-reviews/live';
import { type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildFixture } from '../helpers/build-fixture.js';
import {
	type IndexNowReceiver,
	startIndexNowReceiver,
	submittedUrls,
} from '../helpers/index-now-receiver.js';
import { manyReviews } from '../helpers/seo-site.js';
import { sitemapAlternates, sitemapLocs } from '../helpers/sitemap-xml.js';
import { get, nthOnDemandRef, productPath, titleOf } from './pages.js';
import { type StandaloneServer, startStandalone } from './standalone.js';

/**
 * `indexNow.submitPurged`: the on-demand fixture built with the option and served by
 * `@astrojs/node` with a live loader of two locales; the invalidation webhook submits the pages
 * it purged, in both, to a loopback receiver.
 */
const SECRET = 'test-webhook-secret-0123456789';
const KEY = 'on-demand-indexnow-key-42';
const SITE = 'https://shop.example.com';
let sim: Simulator;
let receiver: IndexNowReceiver;
let server: StandaloneServer;

beforeAll(async () => {
	sim = await startSimulator({ products: 12, seed: 11, locales: ['en', 'fr'] });
	receiver = await startIndexNowReceiver();
	const env = {
		AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
		FIXTURE_TOP_N: '3',
	};
	const site = await buildFixture('on-demand', {
		env: { ...env, FIXTURE_INDEXNOW_ENDPOINT: receiver.endpoint, INDEXNOW_KEY: KEY },
		label: 'on-demand-indexnow',
	});
	// The key is in the build (public by design: it is served as a file); the server needs no INDEXNOW_KEY.
	// The live config is read when the server starts: its loader serves English (unprefixed) and French.
	server = await startStandalone(site.dist, {
		...env,
		AUDIO_REVIEWS_LOCALES: 'en,fr',
		AUDIO_REVIEWS_WEBHOOK_SECRET: SECRET,
	});
}, 240_000);
afterAll(async () => {
	await server?.close();
	await receiver?.close();
	await sim?.close();
});
beforeEach(() => receiver.reset());

async function invalidate(
	body: unknown,
	to: StandaloneServer = server,
): Promise<{ status: number; json: Record<string, unknown> }> {
	const response = await fetch(`${to.url}/_audio-reviews/invalidate`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` },
		body: JSON.stringify(body),
	});
	return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('invalidation webhook with indexNow.submitPurged', () => {
	it('serves the key file the build wrote at the site root', async () => {
		const keyFile = await get(server.url, `/${KEY}.txt`);
		expect(keyFile.status).toBe(200);
		expect(keyFile.body).toBe(KEY);
	});

	it('purges, then submits the purged products’ page URLs in every locale, and says so in its answer', async () => {
		const [a, b] = [nthOnDemandRef(sim, 3, 0), nthOnDemandRef(sim, 3, 1)];
		await get(server.url, productPath(a));
		sim.updateProduct(a, { seo_name: 'Renamed for IndexNow' });
		const { status, json } = await invalidate({ refs: [a, b, 'odd/ref é'] });
		expect(status).toBe(200);
		expect(json).toMatchObject({
			ok: true,
			scope: 'products',
			tags: [
				...[a, b, 'odd/ref é'].map((ref) => productTag(sim.websiteId, ref)),
				listsTag(sim.websiteId),
			],
		});
		expect(json.indexNow).toEqual({ submitted: 6, status: 202 });
		expect(receiver.submissions).toHaveLength(1);
		expect(receiver.submissions[0]).toMatchObject({
			host: 'shop.example.com',
			key: KEY,
			keyLocation: `${SITE}/${KEY}.txt`,
		});
		// The URLs the pages answer at: refs percent-encoded as one path segment, the default locale unprefixed.
		const pages = (path: string) => [`${SITE}${path}`, `${SITE}/fr${path}`];
		expect(submittedUrls(receiver)).toEqual([
			...pages(`/products/${a}/`),
			...pages(`/products/${b}/`),
			...pages('/products/odd%2Fref%20%C3%A9/'),
		]);
		// The purge itself happened: the page shows the new name.
		expect(titleOf((await get(server.url, productPath(a))).body)).toBe('Renamed for IndexNow');
	});

	it('submits exactly the URLs the on-demand sitemap lists for the purged products', async () => {
		const indexable = (locale: string) =>
			sim.listAll({ locale, without: 'inactive' }).filter((p) => p.reviews.length > 0);
		const inFrench = new Set(indexable('fr').map((p) => p.external_id));
		const refs = indexable('en')
			.map((p) => p.external_id)
			.filter((ref) => inFrench.has(ref))
			.slice(0, 2);
		expect(refs).toHaveLength(2);
		const sitemap = await get(server.url, '/sitemap-products-1.xml');
		expect(sitemap.status).toBe(200);
		const listed = sitemapAlternates(sitemap.body);
		// Each product's page in one locale lists its page in every locale as an hreflang alternate.
		const listedFor = (ref: string) =>
			Object.values(
				listed.find((url) => url.loc === `${SITE}/products/${encodeURIComponent(ref)}/`)
					?.alternates ?? {},
			);
		const expected = refs.flatMap(listedFor);
		expect(expected).toHaveLength(4);

		const { status, json } = await invalidate({ refs });
		expect(status).toBe(200);
		expect(json.indexNow).toEqual({ submitted: 4, status: 202 });
		expect(submittedUrls(receiver).toSorted()).toEqual(expected.toSorted());
	});

	it('submits nothing for a whole-website purge', async () => {
		const { status, json } = await invalidate({});
		expect(status).toBe(200);
		expect(json.indexNow).toEqual({
			submitted: 0,
			skipped: 'a whole-website purge names no page: nothing submitted',
		});
		expect(receiver.submissions).toEqual([]);
	});

	it('a refused or throttled submission never fails the purge: 200, with the reason in `indexNow`', async () => {
		const ref = nthOnDemandRef(sim, 3, 2);
		receiver.script({ status: 403 });
		const refused = await invalidate({ ref });
		expect(refused.status).toBe(200);
		expect(refused.json).toMatchObject({
			ok: true,
			indexNow: {
				submitted: 0,
				status: 403,
				error: expect.stringContaining('Forbidden: the key is not valid'),
			},
		});

		// A Retry-After past the webhook's few seconds is not waited for.
		receiver.reset();
		receiver.script({ status: 429, retryAfter: '120' });
		const throttled = await invalidate({ ref });
		expect(throttled.status).toBe(200);
		expect(throttled.json).toMatchObject({
			ok: true,
			indexNow: { submitted: 0, status: 429, error: expect.stringContaining('time budget') },
		});
		expect(receiver.submissions).toHaveLength(1);
	});

	it('submits a popular product’s further review pages, in each locale as far as it has them: what the sitemap lists for it', async () => {
		const ref = 'popular-purged';
		const reviews = [...manyReviews(ref, 'en', 45), ...manyReviews(ref, 'fr', 25)];
		sim.addProduct({
			external_id: ref,
			name: 'Popular purged',
			seo_name: 'Popular purged',
			reviews,
		});
		const { status, json } = await invalidate({ ref });
		expect(status).toBe(200);
		// 20 reviews a page (the fixture's default): 3 pages in English, 2 in French.
		const page = (prefix: string, n: number) =>
			`${SITE}${prefix}/products/${ref}${n === 1 ? '' : `~reviews-${n}`}/`;
		const expected = [page('', 1), page('', 2), page('', 3), page('/fr', 1), page('/fr', 2)];
		expect(json.indexNow).toEqual({ submitted: 5, status: 202 });
		expect(submittedUrls(receiver)).toEqual(expected);
		// The purge took the lists with it: the sitemap, rendered anew, lists the same pages.
		const sitemap = await get(server.url, '/sitemap-products-1.xml');
		expect(sitemapLocs(sitemap.body).filter((loc) => loc.includes(`/products/${ref}`))).toEqual(
			expected,
		);
	});
});

describe('a site that only purges (no src/live.config.ts)', () => {
	let purgeOnly: StandaloneServer;
	beforeAll(async () => {
		const env = {
			AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
			AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
			AUDIO_REVIEWS_LOCALES: 'en,fr',
		};
		const site = await buildFixture('purge-only', {
			extends: 'basic',
			env: { ...env, FIXTURE_INDEXNOW_ENDPOINT: receiver.endpoint, INDEXNOW_KEY: KEY },
			label: 'purge-only-indexnow',
		});
		// Without the service's address: the webhook must not need the build's loader.
		purgeOnly = await startStandalone(site.dist, { AUDIO_REVIEWS_WEBHOOK_SECRET: SECRET });
	}, 240_000);
	afterAll(() => purgeOnly?.close());

	it('purges, and submits each ref’s page at the route only, as before locales were known', async () => {
		const { status, json } = await invalidate({ refs: ['SKU-1', 'odd/ref é'] }, purgeOnly);
		expect(status, purgeOnly.log()).toBe(200);
		expect(json).toMatchObject({
			ok: true,
			scope: 'products',
			indexNow: { submitted: 2, status: 202 },
		});
		expect(submittedUrls(receiver)).toEqual([
			`${SITE}/products/SKU-1/`,
			`${SITE}/products/odd%2Fref%20%C3%A9/`,
		]);
	});
});
