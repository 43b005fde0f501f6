import { createClient } from 'astro-audio-reviews/client';
import { createInvalidateHandler } from 'astro-audio-reviews/live';
import { productsLiveLoader } from 'astro-audio-reviews/loaders';
import { type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorTypeOf } from '../../integration/src/metrics/instruments.js';
import { purgeEveryNode } from '../../integration/src/shared-cache/purge-nodes.js';
import { startServer } from '../helpers/http-server.js';
import { freePort } from '../live/standalone.js';
import { total, useMeterProvider } from './reader.js';

/**
 * What each instrument records, with the SDK registered in this process and the simulator over
 * loopback HTTP: attributes, retries, failures without an answer, shared loads, webhook answers.
 */

const meter = useMeterProvider();
let sim: Simulator;
const DURATION = 'http.client.request.duration';

beforeAll(async () => {
	sim = await startSimulator({ products: 20, seed: 47 });
});
afterAll(async () => {
	await sim?.close();
});

const client = (baseUrl: string, extra: object = {}) =>
	createClient({
		baseUrl,
		websiteId: sim.websiteId,
		retryBaseDelayMs: 1,
		retryMaxDelayMs: 5,
		...extra,
	});

describe('http.client.request.duration', () => {
	it('records each attempt with its endpoint template, never the ref; retries each once', async () => {
		const ref = sim.refs()[0]!;
		const before = await meter.series();
		await sim.setFaults({ errorRate: 1, errorStatuses: [503] });
		const failed = client(sim.baseUrl, { retries: 1 }).getProduct(ref);
		await expect(failed).rejects.toThrow(/503/);
		await sim.setFaults({ errorRate: 0 });
		await client(sim.baseUrl).getProduct(ref);
		const series = await meter.series();
		const port = Number(new URL(sim.baseUrl).port);
		const single = {
			'http.request.method': 'GET',
			'server.address': '127.0.0.1',
			'server.port': port,
			'url.template': '/ws/websites/{websiteId}/products/{productRef}',
		};
		const count = (match: Record<string, unknown>) =>
			total(series, DURATION, match) - total(before, DURATION, match);
		expect(
			count({ ...single, 'http.response.status_code': 503, 'error.type': 'ERR_DB_READ' }),
		).toBe(2);
		expect(count({ ...single, 'http.response.status_code': 200 })).toBe(1);
		const ok = series.find(
			(one) => one.name === DURATION && one.attributes['http.response.status_code'] === 200,
		);
		expect(ok?.attributes).toEqual({ ...single, 'http.response.status_code': 200 });
	});

	it('names a refused connection by its code, with no status', async () => {
		const closed = `http://127.0.0.1:${await freePort()}`;
		await expect(client(closed, { retries: 0 }).getProduct('X')).rejects.toThrow();
		const refused = (await meter.series()).filter(
			(one) => one.name === DURATION && one.attributes['error.type'] === 'ECONNREFUSED',
		);
		expect(refused.map((one) => one.attributes['http.response.status_code'])).toEqual([undefined]);
	});

	it('keeps error.type to a bounded set whatever the service sends as its type', () => {
		expect(errorTypeOf('ERR_DB_READ', 503)).toBe('ERR_DB_READ');
		expect(errorTypeOf('ERR_SOMETHING_NEW', 200)).toBe('_OTHER');
		expect(errorTypeOf('SKU-42', 200)).toBe('_OTHER');
		expect(errorTypeOf('ServiceError', 502)).toBe('502');
		expect(errorTypeOf('ResponseFormatError', 200)).toBe('ResponseFormatError');
		expect(errorTypeOf('timeout', undefined)).toBe('timeout');
		expect(errorTypeOf('ECONNRESET', undefined)).toBe('ECONNRESET');
		expect(errorTypeOf(undefined, 200)).toBeUndefined();
	});
});

describe('audio_reviews.loads and audio_reviews.webhook.requests', () => {
	it('counts a load that joined one in flight as shared, and one request', async () => {
		const ref = sim.refs()[5]!;
		const live = productsLiveLoader({ baseUrl: sim.baseUrl, websiteId: sim.websiteId });
		const before = await meter.series();
		const upstream = sim.stats.single;
		await Promise.all(
			[0, 1, 2].map(() => live.loadEntry({ filter: { ref }, collection: 'products' })),
		);
		await live.loadEntry({ filter: { ref: 'NO-SUCH-REF' }, collection: 'products' });
		const after = await meter.series();
		const loads = (match: Record<string, unknown>) =>
			total(after, 'audio_reviews.loads', match) - total(before, 'audio_reviews.loads', match);
		expect(sim.stats.single - upstream).toBe(2);
		expect(loads({ outcome: 'ok', shared: false })).toBe(1);
		expect(loads({ outcome: 'ok', shared: true })).toBe(2);
		expect(loads({ outcome: 'not_found' })).toBe(1);
	});

	it('counts each webhook call by the status it answered', async () => {
		const webhook = createInvalidateHandler({
			websiteId: sim.websiteId,
			secret: 'webhook-secret-0123456789',
		});
		const call = (headers: Record<string, string>) =>
			webhook({
				request: new Request('http://shop.test/_audio-reviews/invalidate', {
					method: 'POST',
					headers,
					body: '{}',
				}),
				cache: { enabled: true, invalidate: async () => undefined },
			} as never);
		await call({ 'Content-Type': 'application/json' });
		await call({ 'Content-Type': 'text/plain' });
		await call({
			'Content-Type': 'application/json',
			Authorization: 'Bearer webhook-secret-0123456789',
		});
		const series = await meter.series();
		const answered = (status: number) =>
			total(series, 'audio_reviews.webhook.requests', { 'http.response.status_code': status });
		expect([answered(401), answered(415), answered(200)]).toEqual([1, 1, 1]);
	});
});

describe('without the API', () => {
	it("bundles with Vite (Astro's bundler) with no @opentelemetry package in reach and no node: import", async () => {
		const output = await build({
			configFile: false,
			logLevel: 'silent',
			plugins: [
				{
					name: 'no-opentelemetry',
					enforce: 'pre',
					resolveId(id) {
						if (/^(@opentelemetry\/|node:)/.test(id)) throw new Error(`resolved ${id}`);
						return null;
					},
				},
			],
			build: {
				write: false,
				minify: true,
				lib: { entry: 'integration/dist/metrics/instruments.js', formats: ['es'] },
			},
		});
		const [result] = [output].flat() as Array<{ output: Array<{ code?: string }> }>;
		const code = result!.output.map((chunk) => chunk.code ?? '').join('\n');
		expect(code).not.toMatch(/["']node:/);
		// The API is asked for at run time only; a failed import there leaves nothing recorded.
		expect(code).toMatch(/import\(/);
	});
});

describe('audio_reviews.purges', () => {
	it("counts a node's purge as refused when one batch is refused, even if another confirms after it", async () => {
		let refused: () => void = () => undefined;
		const refusal = new Promise<void>((resolve) => {
			refused = resolve;
		});
		let seen = 0;
		// The first batch is held until another was refused, then confirmed.
		const node = await startServer(async (_req, res) => {
			if (seen++ > 0) {
				res.writeHead(403, 'Purge refused');
				res.end(() => refused());
				return;
			}
			await refusal;
			await new Promise((resolve) => setTimeout(resolve, 50));
			res.writeHead(200, { 'AAR-Purge': 'done' });
			res.end();
		});
		try {
			// Over Varnish's header budget: several batches, four in flight.
			const tags = Array.from({ length: 100 }, (_, i) => `aar-product-${i}-${'x'.repeat(100)}`);
			const before = await meter.series();
			const purge = purgeEveryNode(
				{ nodes: [node.url], secret: undefined, timeoutMs: 60_000 },
				tags,
			);
			await expect(purge).rejects.toThrow(/HTTP 403/);
			const refusedPurges = (list: typeof before) =>
				total(list, 'audio_reviews.purges', { outcome: 'refused' });
			expect(seen).toBeGreaterThan(1);
			// This module instance's first record waits for its import of the API.
			await expect
				.poll(async () => refusedPurges(await meter.series()) - refusedPurges(before))
				.toBe(1);
			const series = await meter.series();
			expect(total(series, 'audio_reviews.purges', { outcome: 'ok' })).toBe(
				total(before, 'audio_reviews.purges', { outcome: 'ok' }),
			);
		} finally {
			await node.close();
		}
	});
});
