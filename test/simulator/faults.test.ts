import { afterEach, describe, expect, it } from 'vitest';
import { FaultPlan } from '../../simulator/src/faults.js';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { getJson, listUrl, singleUrl } from './helpers.js';

const started: Simulator[] = [];
async function sim(options: Parameters<typeof startSimulator>[0] = {}): Promise<Simulator> {
	const s = await startSimulator({ products: 20, locales: ['fr'], seed: 4, ...options });
	started.push(s);
	return s;
}
afterEach(async () => {
	await Promise.all(started.splice(0).map((s) => s.close()));
});

/** Error code of a failed fetch (undici wraps it in `cause`). */
async function networkError(url: string, init?: RequestInit): Promise<string> {
	try {
		const response = await fetch(url, init);
		await response.arrayBuffer();
	} catch (error) {
		const cause = (error as { cause?: { code?: string; name?: string } }).cause;
		return cause?.code ?? cause?.name ?? (error as Error).name;
	}
	return 'no error';
}

describe('fault injection', () => {
	it('answers about errorRate of requests with a 5xx from errorStatuses and an ERR_DB_READ body, on both endpoints', async () => {
		const s = await sim({ errorRate: 0.3, faultSeed: 7 });
		const statuses: number[] = [];
		for (let i = 0; i < 400; i++) {
			const { status, body } = await getJson(
				i % 2 ? listUrl(s, { limit: 1 }) : singleUrl(s, s.refs()[0]!),
			);
			statuses.push(status);
			if (status !== 200) expect(body.type).toBe('ERR_DB_READ');
		}
		const failed = statuses.filter((status) => status !== 200);
		expect(failed.length).toBeGreaterThan(90);
		expect(failed.length).toBeLessThan(150);
		expect(new Set(failed)).toEqual(new Set([500, 502, 503, 504]));
		expect(s.stats.byStatus[200]! + failed.length).toBe(400);

		await s.setFaults({ errorRate: 1, errorStatuses: [502] });
		expect((await getJson(singleUrl(s, s.refs()[1]!))).status).toBe(502);
		await s.setFaults({ errorRate: 0 });
		expect((await getJson(singleUrl(s, s.refs()[1]!))).status).toBe(200);
	});

	it('draws faults from a seeded generator: the same seed replays the same sequence', async () => {
		const run = async (faultSeed: number) => {
			const s = await sim({ errorRate: 0.5, faultSeed });
			const statuses: number[] = [];
			for (let i = 0; i < 40; i++) statuses.push((await getJson(listUrl(s, { limit: 1 }))).status);
			return statuses.join(',');
		};
		const a = await run(123);
		expect(await run(123)).toBe(a);
		expect(await run(124)).not.toBe(a);
	});

	it('sends 429 with Retry-After in seconds or as an HTTP-date', async () => {
		const s = await sim({ rateLimitRate: 1, retryAfter: 3 });
		const seconds = await fetch(listUrl(s));
		expect(seconds.status).toBe(429);
		expect(seconds.headers.get('retry-after')).toBe('3');
		expect(seconds.headers.get('access-control-allow-origin')).toBe('*');
		expect(((await seconds.json()) as { type: string }).type).toBe('ERR_RATE_LIMIT');

		await s.setFaults({ retryAfter: 'date' });
		const sent = Date.now();
		const dated = await fetch(singleUrl(s, s.refs()[0]!));
		const received = Date.now();
		expect(dated.status).toBe(429);
		const header = dated.headers.get('retry-after')!;
		expect(header).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
		// One to two seconds after the service answered, which was between sending and receiving:
		// measured from those two instants, however long the answer took to arrive.
		expect(Date.parse(header) - sent).toBeGreaterThanOrEqual(1_000);
		expect(Date.parse(header) - received).toBeLessThanOrEqual(2_000);
		await dated.arrayBuffer();
	});

	it('destroys the socket without a response at resetRate', async () => {
		const s = await sim({ resetRate: 1 });
		expect(await networkError(listUrl(s))).toMatch(/ECONNRESET|UND_ERR_SOCKET/);
		expect(s.stats.resets).toBe(1);
		expect(s.stats.byStatus).toEqual({});
		expect(s.requests.at(-1)).toMatchObject({ status: 0, fault: 'reset', endpoint: 'list' });
		await s.setFaults({ resetRate: 0 });
		expect((await getJson(listUrl(s))).status).toBe(200);
	});

	it('leaves requests hanging until the client gives up, and close() ends hanging requests at once', async () => {
		const s = await sim({ hangRate: 1 });
		const started = Date.now();
		expect(await networkError(listUrl(s), { signal: AbortSignal.timeout(200) })).toMatch(
			/TimeoutError|AbortError/,
		);
		expect(Date.now() - started).toBeGreaterThanOrEqual(190);
		expect(s.stats.hangs).toBe(1);

		const pending = networkError(singleUrl(s, s.refs()[0]!));
		await new Promise((resolve) => setTimeout(resolve, 50));
		// Were the hanging request left open, close() and `pending` would wait for the test's timeout.
		await s.close();
		expect(await pending).not.toBe('no error');
	});

	it('adds latency, fixed or drawn from a range', async () => {
		const s = await sim({ latencyMs: 150 });
		let t = Date.now();
		expect((await getJson(listUrl(s, { limit: 1 }))).status).toBe(200);
		expect(Date.now() - t).toBeGreaterThanOrEqual(145);
		await s.setFaults({ latencyMs: [40, 60] });
		t = Date.now();
		await getJson(listUrl(s, { limit: 1 }));
		expect(Date.now() - t).toBeGreaterThanOrEqual(38);
		// The upper end is checked on the draws, not on a clock that a loaded machine stretches.
		const plan = new FaultPlan({ latencyMs: [40, 60] }, 7);
		const draws = Array.from({ length: 200 }, () => plan.latency());
		expect(Math.min(...draws)).toBe(40);
		expect(Math.max(...draws)).toBe(60);
	});

	it('answers 503 to everything during an outage, then recovers', async () => {
		const s = await sim();
		await s.setFaults({ outage: true });
		for (const url of [listUrl(s), singleUrl(s, s.refs()[0]!), singleUrl(s, 'ghost')]) {
			const { status, body } = await getJson(url);
			expect(status).toBe(503);
			expect(body.type).toBe('ERR_DB_READ');
		}
		await s.setFaults({ outage: false });
		expect((await getJson(listUrl(s))).status).toBe(200);
	});

	it("refuses connections with outage: 'refuse', then serves again on the same port", async () => {
		const s = await sim();
		expect((await getJson(listUrl(s))).status).toBe(200);
		await s.setFaults({ outage: 'refuse' });
		expect(await networkError(listUrl(s))).toBe('ECONNREFUSED');
		expect(await networkError(singleUrl(s, s.refs()[0]!))).toBe('ECONNREFUSED');
		await s.setFaults({ outage: false });
		const { status, body } = await getJson(listUrl(s));
		expect(status).toBe(200);
		expect(body.count_item).toBe(20);
		expect(new URL(s.baseUrl).port).not.toBe('');
	});

	it('can start refusing, and rejects out-of-range rates', async () => {
		const s = await sim({ outage: 'refuse' });
		expect(await networkError(listUrl(s))).toBe('ECONNREFUSED');
		await s.setFaults({ outage: false });
		expect((await getJson(listUrl(s))).status).toBe(200);
		await expect(s.setFaults({ errorRate: 1.5 })).rejects.toThrow(RangeError);
		await expect(startSimulator({ hangRate: -1 })).rejects.toThrow(/hangRate/);
	});
});
