import { describe, expect, it } from 'vitest';
import { createClient, NotFoundError, ServiceError } from '../../integration/src/entries/client.js';
import { sendJson, startServer } from '../helpers/http-server.js';
import { validProduct } from '../helpers/products.js';
import { client, sim, useSimulatedService } from './simulated-service.js';

/** The client against the simulator and small servers: its two calls, what it sends, one limiter per service. */

useSimulatedService();

describe('getProduct', () => {
	it('returns the validated product, exactly as the service has it', async () => {
		const ref = sim.refs()[3]!;
		const product = await client.getProduct(ref, { locale: 'en' });
		expect(product).toEqual(sim.getProduct(ref, { locale: 'en' }));
		expect(product.reviews.every((review) => review.is_active)).toBe(true);
	});

	it('percent-encodes refs: spaces, slashes, percent signs, unicode, case twins', async () => {
		const odd = sim
			.refs()
			.filter((ref) => !/^[A-Za-z0-9_-]+$/.test(ref) && ref !== '.' && ref !== '..');
		expect(odd.length).toBeGreaterThan(8);
		for (const ref of odd) {
			const product = await client.getProduct(ref);
			expect(product.external_id).toBe(ref);
		}
	});

	it('refuses "." and ".." refs instead of requesting another resource', async () => {
		await expect(client.getProduct('..')).rejects.toThrow(
			/cannot be requested through the single-product endpoint/,
		);
	});

	it('turns ERR_DB_MISSING sent with status 200 into a NotFoundError, never data, never retried', async () => {
		sim.resetStats();
		const error = await client.getProduct('no-such-product').catch((e: unknown) => e);
		expect(error).toBeInstanceOf(NotFoundError);
		const notFound = error as NotFoundError;
		expect(notFound.type).toBe('ERR_DB_MISSING');
		expect(notFound.status).toBe(200);
		expect(notFound.endpoint).toBe('getProduct');
		expect(notFound.ref).toBe('no-such-product');
		expect(notFound.message).toContain('ERR_DB_MISSING');
		expect(notFound.message).toContain('GET /ws/websites/{websiteId}/products/{productRef}');
		expect(sim.stats.single).toBe(1);
	});

	it('sends Accept: application/json and extra headers', async () => {
		const seen: Array<string | undefined> = [];
		const server = await startServer((req, res) => {
			seen.push(req.headers.accept, String(req.headers['x-shop']));
			sendJson(res, 200, validProduct());
		});
		try {
			const custom = createClient({
				baseUrl: server.url,
				websiteId: sim.websiteId,
				headers: { 'x-shop': 'demo' },
			});
			await custom.getProduct('chair-oak-2');
			expect(seen).toEqual(['application/json', 'demo']);
		} finally {
			await server.close();
		}
	});
});

describe('listProducts', () => {
	it('passes every query parameter of docs/service.md §4.2 and echoes the page', async () => {
		const page = await client.listProducts({
			locale: 'en',
			limit: 7,
			offset: 3,
			withAudio: true,
			published: true,
			without: 'inactive',
		});
		const expected = sim.listAll({
			locale: 'en',
			without: 'inactive',
			withAudio: true,
			published: true,
		});
		expect(page.limit).toBe(7);
		expect(page.offset).toBe(3);
		expect(page.count_item).toBe(expected.length);
		expect(page.items).toEqual(expected.slice(3, 10));
	});

	it('does not retry a 400, and carries type, status and endpoint', async () => {
		sim.resetStats();
		const error = await client.listProductsRaw({ limit: 1.5 }).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(ServiceError);
		const serviceError = error as ServiceError;
		expect(serviceError.status).toBe(400);
		expect(serviceError.type).toBe('ERR_INPUT_VALIDATION');
		expect(serviceError.endpoint).toBe('listProducts');
		expect(serviceError.url).toContain('limit=1.5');
		expect(sim.stats.list).toBe(1);
	});
});

describe('concurrency and injection', () => {
	it('shares one limiter between clients of the same service', async () => {
		let inFlight = 0;
		let peak = 0;
		const server = await startServer(async (req, res) => {
			inFlight++;
			peak = Math.max(peak, inFlight);
			await new Promise((resolve) => setTimeout(resolve, 30));
			inFlight--;
			sendJson(res, 200, {
				...validProduct(),
				external_id: decodeURIComponent(req.url!.split('/').pop()!),
			});
		});
		try {
			const a = createClient({ baseUrl: server.url, websiteId: sim.websiteId, concurrency: 2 });
			const b = createClient({ baseUrl: server.url, websiteId: sim.websiteId, concurrency: 2 });
			await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).getProduct(`p${i}`)));
			expect(peak).toBe(2);
		} finally {
			await server.close();
		}
	});

	it('uses an injected fetch for every request', async () => {
		const urls: string[] = [];
		const tracing: typeof fetch = (input, init) => {
			urls.push(String(input));
			return fetch(input, init);
		};
		const traced = createClient({ baseUrl: sim.baseUrl, websiteId: sim.websiteId, fetch: tracing });
		await traced.getProduct(sim.refs()[0]!);
		await traced.listProducts({ limit: 2 });
		expect(urls).toHaveLength(2);
		expect(urls[1]).toContain('/products?locale=fr&without=inactive&limit=2');
	});
});
