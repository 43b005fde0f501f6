import { describe, expect, it } from 'vitest';
import {
	AudioReviewsError,
	createClient,
	NetworkError,
	ServiceError,
	TimeoutError,
} from '../../integration/src/entries/client.js';
import { sendJson, startServer } from '../helpers/http-server.js';
import { validProduct } from '../helpers/products.js';
import { client, fast, sim, useSimulatedService } from './simulated-service.js';

/** The client's retries: 5xx, 429 and Retry-After, the budget, timeouts, network failures, the caller's abort. */

useSimulatedService();

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
				retryBudgetMs: 60_000,
			});
			const started = Date.now();
			const error = (await limited.getProduct('x').catch((e: unknown) => e)) as ServiceError;
			// "At once": before the budget it would have spent waiting. A minute, so a busy machine
			// cannot miss it, where a client that waited would take the whole minute.
			expect(Date.now() - started).toBeLessThan(60_000);
			expect(calls).toBe(1);
			expect(error.status).toBe(429);
			expect(error.message).toContain('retry budget of 60000 ms');
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
			// Three attempts of 150 ms each at least; the service hangs forever, so ending at all
			// (within the test's timeout) shows each attempt was cut.
			expect(Date.now() - started).toBeGreaterThanOrEqual(450);
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
