import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';
import {
	HOSTILE_WEBSITE_ID,
	type HostileService,
	hang,
	makeCatalogue,
	startHostileService,
} from '../helpers/hostile-service.js';
import { get, type Page, productPath } from './pages.js';
import { type StandaloneServer, startStandalone } from './standalone.js';

/**
 * A visitor's deadline covers the queue: with more cold visitors than the loader's `concurrency`,
 * each request for an uncached page gets the loader's retry budget from its arrival (queue wait,
 * attempts and backoff together), then the documented 503, rather than a wait that grows with
 * the queue (docs/on-demand.md, "Outage behaviour").
 */
const CONCURRENCY = 2;
const BUDGET_MS = 3000;
const VISITORS = 30;
/** How long the service takes to answer a product when slow. */
const ANSWER_MS = 1000;
/**
 * What the last visitor would wait in a queue without deadlines: served in turn, `CONCURRENCY` at
 * a time. Every answer must come sooner. It is the bound that tells the two designs apart, with
 * far more room past the budget than a busy machine takes (rendering, scheduling).
 */
const QUEUE_MS = (VISITORS / CONCURRENCY) * ANSWER_MS;

let service: HostileService;
let site: BuiltSite;
let server: StandaloneServer;
let behaviour: 'fast' | 'slow' | 'hang' = 'fast';

beforeAll(async () => {
	service = await startHostileService({
		catalogue: makeCatalogue(200),
		misbehave: async (request) => {
			if (request.kind === 'other' || behaviour === 'fast') return false;
			if (behaviour === 'hang') return hang();
			if (request.kind === 'single') await sleep(ANSWER_MS);
			return false;
		},
	});
	const env = {
		AUDIO_REVIEWS_BASE_URL: service.url,
		AUDIO_REVIEWS_WEBSITE_ID: HOSTILE_WEBSITE_ID,
		FIXTURE_TOP_N: '1',
		FIXTURE_CONCURRENCY: String(CONCURRENCY),
		FIXTURE_RETRY_BUDGET_MS: String(BUDGET_MS),
	};
	site = await buildFixture('on-demand', { env, label: 'on-demand-deadline' });
	server = await startStandalone(site.dist, env);
}, 240_000);

afterAll(async () => {
	await server?.close();
	await service?.close();
});

/** `VISITORS` cold pages asked at once (refs from `from`), each with the time it took. */
async function coldVisitors(from: number): Promise<Array<Page & { ms: number }>> {
	return Promise.all(
		Array.from({ length: VISITORS }, async (_, i) => {
			const started = performance.now();
			const page = await get(server.url, productPath(`SKU-${from + i}`));
			return { ...page, ms: performance.now() - started };
		}),
	);
}

function expectDeadline503(page: Page): void {
	expect(page.status, page.body.slice(0, 200)).toBe(503);
	expect(page.headers.get('cache-control')).toBe('no-store');
	expect(page.headers.get('retry-after')).toBe('30');
}

describe(`${VISITORS} cold visitors, concurrency ${CONCURRENCY}, a budget of ${BUDGET_MS} ms`, () => {
	it('a service answering in 1 s: the first ones get their page, the others a 503 at the deadline, not 15 s in a queue', async () => {
		behaviour = 'slow';
		const before = service.count('single');
		const pages = await coldVisitors(10);
		const served = pages.filter((page) => page.status === 200);
		expect(served.length).toBeGreaterThan(0);
		for (const page of pages.filter((page) => page.status !== 200)) expectDeadline503(page);
		expect(served.length).toBeLessThan(VISITORS);
		// Served one after the other at two a second, the last would wait 15 s.
		expect(Math.max(...pages.map((page) => page.ms))).toBeLessThan(QUEUE_MS);
		// Requests still queued at their deadline never reach the service (served in turn, each would have cost one).
		expect(service.count('single') - before).toBeLessThan(VISITORS);
		// A page served is cached: asked again, no upstream request.
		const again = service.count('single');
		const cached = await get(server.url, productPath(`SKU-${10 + pages.indexOf(served[0]!)}`));
		expect(cached.status).toBe(200);
		expect(service.count('single')).toBe(again);
	}, 60_000);

	it('a service that hangs: every visitor gets the 503 at the deadline, a hub page queued behind them too', async () => {
		behaviour = 'hang';
		const visitors = coldVisitors(100);
		await sleep(200);
		const hubStarted = performance.now();
		const hub = await get(server.url, '/products/~page-2/');
		const hubMs = performance.now() - hubStarted;
		const pages = await visitors;
		for (const page of [...pages, hub]) expectDeadline503(page);
		// A service that hangs would keep a queue waiting for ever: any answer shows the deadline.
		expect(Math.max(hubMs, ...pages.map((page) => page.ms))).toBeLessThan(QUEUE_MS);
	}, 60_000);
});
