import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	type AudioReviewsClient,
	AudioReviewsError,
	createClient,
	NetworkError,
	NotFoundError,
	ServiceError,
	TimeoutError,
} from '../../integration/src/entries/client.js';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { sendJson, startServer } from '../helpers/http-server.js';
import { validProduct } from '../helpers/products.js';

/** Fast retry timing for tests; the timing rules themselves are unit-tested. */
const fast = { retryBaseDelayMs: 5, retryMaxDelayMs: 20 } as const;

let sim: Simulator;
let client: AudioReviewsClient;

beforeAll(async () => {
	sim = await startSimulator({ products: 60, locales: ['fr', 'en'], seed: 11, adversarial: true });
	client = createClient({ baseUrl: sim.baseUrl, websiteId: sim.websiteId, ...fast });
});
afterAll(() => sim.close());

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

describe('retries', () => {
	it('rides out a 50% rate of 5xx answers and returns the same data', async () => {
		const expected = await client.listProducts({ locale: 'fr', limit: 100 });
		sim.setFaults({ errorRate: 0.5 });
		try {
			const flaky = createClient({
				baseUrl: sim.baseUrl,
				websiteId: sim.websiteId,
				...fast,
				retries: 15,
			});
			const results = await Promise.all(
				Array.from({ length: 10 }, () => flaky.listProducts({ locale: 'fr', limit: 100 })),
			);
			for (const result of results) expect(result).toEqual(expected);
			expect(flaky.stats.retries).toBeGreaterThan(3);
		} finally {
			sim.setFaults({ errorRate: 0 });
		}
	});

	it('retries 429 after the Retry-After seconds the service asked for', async () => {
		const times: number[] = [];
		const server = await startServer((_req, res) => {
			times.push(Date.now());
			if (times.length === 1)
				sendJson(
					res,
					429,
					{ type: 'ERR_RATE_LIMIT', message: 'slow down' },
					{ 'retry-after': '1' },
				);
			else sendJson(res, 200, validProduct());
		});
		try {
			const limited = createClient({ baseUrl: server.url, websiteId: sim.websiteId, ...fast });
			await limited.getProduct('chair-oak-2');
			expect(times).toHaveLength(2);
			expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1_000);
		} finally {
			await server.close();
		}
	});

	it('honours Retry-After given as an HTTP-date', async () => {
		const times: number[] = [];
		const server = await startServer((_req, res) => {
			times.push(Date.now());
			// HTTP-dates have one-second resolution: two seconds ahead waits at least one.
			if (times.length === 1)
				sendJson(
					res,
					503,
					{ type: 'ERR_DB_READ' },
					{ 'retry-after': new Date(Date.now() + 2_000).toUTCString() },
				);
			else sendJson(res, 200, validProduct());
		});
		try {
			const limited = createClient({ baseUrl: server.url, websiteId: sim.websiteId, ...fast });
			await limited.getProduct('chair-oak-2');
			expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1_000);
		} finally {
			await server.close();
		}
	});

	it('gives up at once when Retry-After exceeds the retry budget', async () => {
		let calls = 0;
		const server = await startServer((_req, res) => {
			calls++;
			sendJson(res, 429, { type: 'ERR_RATE_LIMIT' }, { 'retry-after': '3600' });
		});
		try {
			const limited = createClient({
				baseUrl: server.url,
				websiteId: sim.websiteId,
				...fast,
				retryBudgetMs: 5_000,
			});
			const started = Date.now();
			const error = (await limited.getProduct('x').catch((e: unknown) => e)) as ServiceError;
			expect(Date.now() - started).toBeLessThan(2_000);
			expect(calls).toBe(1);
			expect(error.status).toBe(429);
			expect(error.message).toContain('retry budget of 5000 ms');
		} finally {
			await server.close();
		}
	});

	it('stops after `retries` and reports the attempts', async () => {
		let calls = 0;
		const server = await startServer((_req, res) => {
			calls++;
			sendJson(res, 502, { type: 'ERR_UPSTREAM', message: 'bad gateway' });
		});
		try {
			const failing = createClient({
				baseUrl: server.url,
				websiteId: sim.websiteId,
				...fast,
				retries: 3,
			});
			const error = (await failing.listProducts().catch((e: unknown) => e)) as ServiceError;
			expect(calls).toBe(4);
			expect(error).toBeInstanceOf(ServiceError);
			expect(error.attempts).toBe(4);
			expect(error.type).toBe('ERR_UPSTREAM');
			expect(error.message).toContain('4 attempts');
			expect(error.message).toContain('bad gateway');
		} finally {
			await server.close();
		}
	});

	it('times out a hanging request per attempt, then retries', async () => {
		sim.setFaults({ hangRate: 1 });
		try {
			const slow = createClient({
				baseUrl: sim.baseUrl,
				websiteId: sim.websiteId,
				...fast,
				timeoutMs: 150,
				retries: 2,
			});
			const started = Date.now();
			const error = (await slow.listProducts().catch((e: unknown) => e)) as TimeoutError;
			expect(error).toBeInstanceOf(TimeoutError);
			expect(error.attempts).toBe(3);
			expect(Date.now() - started).toBeGreaterThanOrEqual(450);
			expect(Date.now() - started).toBeLessThan(5_000);
		} finally {
			sim.setFaults({ hangRate: 0 });
		}
	});

	it('retries connection resets and reports a NetworkError when they persist', async () => {
		sim.setFaults({ resetRate: 1 });
		try {
			const reset = createClient({
				baseUrl: sim.baseUrl,
				websiteId: sim.websiteId,
				...fast,
				retries: 2,
			});
			const error = (await reset
				.getProduct(sim.refs()[0]!)
				.catch((e: unknown) => e)) as NetworkError;
			expect(error).toBeInstanceOf(NetworkError);
			expect(error.attempts).toBe(3);
			expect(error.endpoint).toBe('getProduct');
		} finally {
			sim.setFaults({ resetRate: 0 });
		}
	});

	it('reports a refused connection naming the endpoint', async () => {
		const server = await startServer(() => undefined);
		const url = server.url;
		await server.close();
		const down = createClient({ baseUrl: url, websiteId: sim.websiteId, ...fast, retries: 1 });
		const error = (await down.listProducts().catch((e: unknown) => e)) as NetworkError;
		expect(error).toBeInstanceOf(NetworkError);
		expect(error.message).toContain('ECONNREFUSED');
		expect(error.message).toContain('GET /ws/websites/{websiteId}/products');
	});

	it('stops at once when the caller aborts', async () => {
		sim.setFaults({ hangRate: 1 });
		try {
			const controller = new AbortController();
			setTimeout(() => controller.abort(new Error('user cancelled')), 100);
			const error = await client
				.listProductsRaw({}, { signal: controller.signal })
				.catch((e: unknown) => e);
			expect((error as Error).message).toBe('user cancelled');
			expect(error).not.toBeInstanceOf(AudioReviewsError);
		} finally {
			sim.setFaults({ hangRate: 0 });
		}
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
