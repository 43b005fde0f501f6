import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	CatalogueSyncError,
	createClient,
	syncCatalogue,
} from '../../integration/src/entries/client.js';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { sendJson, startServer } from '../helpers/http-server.js';
import { validProduct } from '../helpers/products.js';

const fast = { retryBaseDelayMs: 5, retryMaxDelayMs: 20 } as const;
const query = { locale: 'fr', without: 'inactive' } as const;

let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator({ products: 1_037, locales: ['fr', 'en'], seed: 3, maxLimit: 100 });
});
afterAll(() => sim.close());

const clientFor = (s: Simulator, extra = {}) =>
	createClient({ baseUrl: s.baseUrl, websiteId: s.websiteId, ...fast, ...extra });
const ids = (items: unknown[]) => items.map((item) => (item as { id: string }).id);

describe('syncCatalogue', () => {
	it('loads every product in list order with ceil(N / cap) requests when pageSize matches the cap', async () => {
		sim.resetStats();
		const result = await syncCatalogue(clientFor(sim), { query, pageSize: 100 });
		const expected = sim.listAll(query);
		expect(result.count).toBe(1_037);
		expect(result.items).toEqual(expected);
		expect(result.requests).toBe(11);
		expect(sim.stats.list).toBe(11);
		expect(result.attempts).toBe(1);
	});

	it('learns an undocumented cap from the first page instead of skipping products', async () => {
		sim.resetStats();
		const result = await syncCatalogue(clientFor(sim), { query, pageSize: 1_000 });
		expect(result.cap).toBe(100);
		expect(ids(result.items)).toEqual(ids(sim.listAll(query)));
		// The first page revealed the cap; every later page asked exactly the cap.
		expect(result.requests).toBeLessThanOrEqual(Math.ceil(1_037 / 100) + 1);
	});

	it('adapts when the cap is lower than the echoed limit (items shorter than asked)', async () => {
		// A service that echoes the asked limit but silently returns at most 30 items.
		const catalogue = Array.from({ length: 95 }, (_, i) => ({
			...validProduct(),
			id: `p${i}`,
			external_id: `SKU-${i}`,
		}));
		const server = await startServer((req, res) => {
			const url = new URL(req.url!, 'http://x');
			const limit = Number(url.searchParams.get('limit'));
			const offset = Number(url.searchParams.get('offset'));
			sendJson(res, 200, {
				limit,
				offset,
				count_item: catalogue.length,
				items: catalogue.slice(offset, offset + Math.min(limit, 30)),
			});
		});
		try {
			const client = createClient({ baseUrl: server.url, websiteId: sim.websiteId, ...fast });
			const result = await syncCatalogue(client, { query, pageSize: 50 });
			expect(ids(result.items)).toEqual(catalogue.map((p) => p.id));
			expect(result.cap).toBe(30);
		} finally {
			await server.close();
		}
	});

	it('handles an empty catalogue and a catalogue smaller than one page', async () => {
		const empty = await syncCatalogue(clientFor(sim), {
			query: { ...query, locale: 'de' },
			pageSize: 100,
		});
		expect(empty.count).toBe(sim.listAll({ ...query, locale: 'de' }).length);
		const small = await startSimulator({ products: 7, locales: ['fr'], seed: 1 });
		try {
			const result = await syncCatalogue(clientFor(small), { query, pageSize: 100 });
			expect(result.items).toHaveLength(7);
			expect(result.requests).toBe(1);
		} finally {
			await small.close();
		}
	});

	it('applies the list filters on the service side, never client-side', async () => {
		for (const filters of [
			{ withAudio: true },
			{ withAudio: true, published: true },
			{ withAudio: false },
			{ published: false },
		]) {
			const result = await syncCatalogue(clientFor(sim), {
				query: { ...query, ...filters },
				pageSize: 100,
			});
			expect(ids(result.items)).toEqual(ids(sim.listAll({ ...query, ...filters })));
		}
	});

	it('re-syncs when a product is added while pages are fetched, then returns the new snapshot', async () => {
		const live = await startSimulator({ products: 450, locales: ['fr'], seed: 5, maxLimit: 100 });
		try {
			let added = false;
			live.onRequest(() => {
				if (!added && live.stats.list === 2) {
					added = true;
					live.addProduct();
				}
			});
			const resyncs: string[] = [];
			const result = await syncCatalogue(clientFor(live, { concurrency: 1 }), {
				query,
				pageSize: 100,
				onResync: (r) => resyncs.push(r),
			});
			expect(added).toBe(true);
			expect(resyncs).toHaveLength(1);
			expect(resyncs[0]).toMatch(/count_item changed from 450 to 451/);
			expect(result.attempts).toBe(2);
			expect(ids(result.items)).toEqual(ids(live.listAll(query)));
			expect(result.count).toBe(451);
		} finally {
			await live.close();
		}
	});

	it('re-syncs when a product is removed mid-sync instead of silently dropping its neighbour', async () => {
		const live = await startSimulator({ products: 450, locales: ['fr'], seed: 6, maxLimit: 100 });
		try {
			let removed = false;
			live.onRequest(() => {
				if (!removed && live.stats.list === 2) {
					removed = true;
					live.removeProduct(live.refs()[5]!);
				}
			});
			const result = await syncCatalogue(clientFor(live, { concurrency: 1 }), {
				query,
				pageSize: 100,
			});
			expect(result.attempts).toBe(2);
			expect(ids(result.items)).toEqual(ids(live.listAll(query)));
		} finally {
			await live.close();
		}
	});

	it('fails clearly when the catalogue never holds still', async () => {
		const live = await startSimulator({ products: 300, locales: ['fr'], seed: 8, maxLimit: 100 });
		try {
			live.onRequest(() => {
				if (live.stats.list % 2 === 0) live.addProduct();
			});
			const error = await syncCatalogue(clientFor(live, { concurrency: 1 }), {
				query,
				pageSize: 100,
				maxAttempts: 3,
			}).catch((e: unknown) => e);
			expect(error).toBeInstanceOf(CatalogueSyncError);
			expect((error as Error).message).toMatch(
				/kept changing during the sync, or its pages do not add up/,
			);
			expect((error as CatalogueSyncError).endpoint).toBe('listProducts');
		} finally {
			await live.close();
		}
	});

	it("refuses a page that repeats its predecessor's products (an unstable sort), re-syncing a bounded number of times", async () => {
		const catalogue = Array.from({ length: 40 }, (_, i) => ({
			...validProduct(),
			id: `p${i}`,
			external_id: `SKU-${i}`,
		}));
		let requests = 0;
		const server = await startServer((req, res) => {
			requests++;
			const url = new URL(req.url!, 'http://x');
			const limit = Number(url.searchParams.get('limit'));
			const offset = Number(url.searchParams.get('offset'));
			// An unstable sort on the service side: every later page starts one product early, and p39 is never shown.
			const start = offset === 0 ? 0 : offset - 1;
			sendJson(res, 200, {
				limit,
				offset,
				count_item: 40,
				items: catalogue.slice(start, start + limit),
			});
		});
		try {
			const client = createClient({ baseUrl: server.url, websiteId: sim.websiteId, ...fast });
			const error = await syncCatalogue(client, { query, pageSize: 20, maxAttempts: 2 }).catch(
				(e: unknown) => e,
			);
			expect(error).toBeInstanceOf(CatalogueSyncError);
			expect((error as Error).message).toContain(
				'products shifted between pages: the page at offset 19 does not start with the product that ended the page before',
			);
			// Two attempts of three pages each (0, 19 and 38), nothing more.
			expect(requests).toBe(6);
		} finally {
			await server.close();
		}
	});

	it('returns identical data under a 30% error rate', async () => {
		const clean = await syncCatalogue(clientFor(sim), { query, pageSize: 100 });
		sim.setFaults({ errorRate: 0.3 });
		try {
			const flaky = clientFor(sim, { retries: 12 });
			const result = await syncCatalogue(flaky, { query, pageSize: 100 });
			expect(result.items).toEqual(clean.items);
			expect(flaky.stats.retries).toBeGreaterThan(0);
		} finally {
			sim.setFaults({ errorRate: 0 });
		}
	});
});
