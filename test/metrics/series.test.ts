import { createInvalidateHandler } from 'astro-audio-reviews/live';
import { productsLiveLoader } from 'astro-audio-reviews/loaders';
import { type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeEveryNode } from '../../integration/src/shared-cache/purge-nodes.js';
import { startServer, type TestServer } from '../helpers/http-server.js';
import { type Series, total, useMeterProvider } from './reader.js';

/**
 * No attribute value comes from the catalogue: 2,000 products loaded, listed, purged and sent
 * through the webhook, some failing, make the same series as the first 1,000 did, and no value of
 * any series names a product.
 */

const PRODUCTS = 2000;
const WEBHOOK_SECRET = 'series-test-secret-0123456789';
const meter = useMeterProvider();
let sim: Simulator;
let nodes: TestServer[];

beforeAll(async () => {
	sim = await startSimulator({ products: PRODUCTS, seed: 2000 });
	// A cache node that confirms every purge, and one that refuses them all.
	nodes = [
		await startServer((_req, res) => {
			res.writeHead(200, { 'AAR-Purge': 'done' });
			res.end();
		}),
		await startServer((_req, res) => {
			res.writeHead(403, 'Purge refused');
			res.end();
		}),
	];
});
afterAll(async () => {
	await Promise.all((nodes ?? []).map((node) => node.close()));
	await sim?.close();
});

const loader = () =>
	productsLiveLoader({
		baseUrl: sim.baseUrl,
		websiteId: sim.websiteId,
		locale: 'en',
		concurrency: 16,
		retryBaseDelayMs: 1,
		retryMaxDelayMs: 5,
	});

/** Everything the package records, for the products from `from` to `to`. */
async function serve(from: number, to: number): Promise<void> {
	const live = loader();
	const refs = sim.refs().slice(from, to);
	await sim.setFaults({ errorRate: 0.05, errorStatuses: [503] });
	for (let i = 0; i < refs.length; i += 100)
		await Promise.all(
			refs
				.slice(i, i + 100)
				.map((ref) => live.loadEntry({ filter: { ref }, collection: 'products' })),
		);
	await sim.setFaults({ errorRate: 0 });
	for (let i = from; i < from + 50; i++)
		await live.loadEntry({ filter: { ref: `UNKNOWN-${i}` }, collection: 'products' });
	await live.loadCollection({ filter: { limit: 1000, offset: from }, collection: 'products' });
	const target = { nodes: nodes.map((node) => node.url), secret: undefined, timeoutMs: 5000 };
	const invalidate = ({ tags }: { tags?: string | string[] }) =>
		purgeEveryNode(target, [tags ?? []].flat());
	const webhook = createInvalidateHandler({ websiteId: sim.websiteId, secret: WEBHOOK_SECRET });
	for (const [secret, body] of [
		[WEBHOOK_SECRET, { refs: refs.slice(0, 1000) }],
		['wrong-secret-0123456789abcdef', { ref: refs[0] }],
	] as const) {
		const request = new Request('http://shop.test/_audio-reviews/invalidate', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${secret}` },
			body: JSON.stringify(body),
		});
		await webhook({ request, cache: { enabled: true, invalidate } } as never);
	}
}

const keyOf = (series: Series) => `${series.name} ${JSON.stringify(series.attributes)}`;

describe(`the series of ${PRODUCTS} products`, () => {
	it('are the series of the first half: none grows with the catalogue', async () => {
		await serve(0, PRODUCTS / 2);
		const half = (await meter.series()).map(keyOf).sort();
		await serve(PRODUCTS / 2, PRODUCTS);
		const all = await meter.series();
		expect(all.map(keyOf).sort()).toEqual(half);
		// A handful of series, for thousands of requests.
		expect(all.length).toBeLessThan(40);
		const requests = total(all, 'http.client.request.duration');
		expect(requests).toBe(sim.stats.total);
		expect(requests).toBeGreaterThan(PRODUCTS);
		expect(total(all, 'http.client.request.duration', { 'error.type': 'ERR_DB_READ' })).toBe(
			sim.stats.byStatus[503],
		);
		expect(total(all, 'audio_reviews.loads', { outcome: 'not_found' })).toBe(100);
		expect(total(all, 'audio_reviews.webhook.requests', { 'http.response.status_code': 401 })).toBe(
			2,
		);
		expect(total(all, 'audio_reviews.purges', { outcome: 'refused' })).toBe(2);
	});

	it('hold no ref, name or path of the catalogue', async () => {
		const catalogue = new Set<string>();
		for (const ref of sim.refs()) {
			const product = sim.getProduct(ref, { locale: 'en' });
			for (const text of [ref, product.name, product.seo_name]) if (text) catalogue.add(text);
		}
		const values = (await meter.series()).flatMap((series) => Object.values(series.attributes));
		const leaked = values.filter(
			(value) =>
				typeof value === 'string' &&
				(catalogue.has(value) || /UNKNOWN|%|\/products\/(?!\{productRef\})/.test(value)),
		);
		expect(leaked).toEqual([]);
		const keys = new Set(
			(await meter.series()).flatMap((series) => Object.keys(series.attributes)),
		);
		expect([...keys].sort()).toEqual([
			'error.type',
			'http.request.method',
			'http.response.status_code',
			'outcome',
			'server.address',
			'server.port',
			'shared',
			'url.template',
		]);
	});
});
