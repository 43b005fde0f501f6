import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReusedItem, syncCatalogue } from '../../integration/src/client/sync-catalogue.js';
import { createClient } from '../../integration/src/entries/client.js';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { sendJson, startServer } from '../helpers/http-server.js';
import { validProduct } from '../helpers/products.js';

/** `onPage`: every page handed over as it arrives, nothing of it kept by the sync. */
const fast = { retryBaseDelayMs: 5, retryMaxDelayMs: 20 } as const;
const query = { locale: 'fr', without: 'inactive' } as const;

let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator({ products: 437, locales: ['fr'], seed: 5, maxLimit: 50 });
});
afterAll(() => sim.close());

const idOf = (item: unknown) =>
	item instanceof ReusedItem ? item.id : (item as { id: string }).id;

describe('syncCatalogue with onPage', () => {
	it('delivers every product once, page by page, and keeps none in the result', async () => {
		const pages: Array<{ offset: number; ids: string[] }> = [];
		const client = createClient({ baseUrl: sim.baseUrl, websiteId: sim.websiteId, ...fast });
		const result = await syncCatalogue(client, {
			query,
			pageSize: 50,
			onPage: (items, page) => void pages.push({ offset: page.offset, ids: items.map(idOf) }),
		});
		expect(result.items).toEqual([]);
		expect(result.count).toBe(437);
		expect(pages).toHaveLength(Math.ceil(437 / 50));
		const inListOrder = pages.sort((a, b) => a.offset - b.offset).flatMap((page) => page.ids);
		expect(inListOrder).toEqual(sim.listAll(query).map((p) => p.id));
	});

	it('delivers a product the service repeats on two pages once, and counts it once', async () => {
		const catalogue = Array.from({ length: 20 }, (_, i) => ({
			...validProduct(),
			id: `p${i}`,
			external_id: `SKU-${i}`,
		}));
		// Later pages repeat a product of page one in place of SKU-10; count_item says 20, so the
		// repeat leaves one short and the sync must not accept it.
		const server = await startServer((req, res) => {
			const url = new URL(req.url!, 'http://x');
			const offset = Number(url.searchParams.get('offset'));
			const limit = Number(url.searchParams.get('limit'));
			const page = catalogue.slice(offset, offset + limit);
			const items =
				offset === 0 ? page : page.map((item) => (item.id === 'p10' ? catalogue[8] : item));
			sendJson(res, 200, { limit, offset, count_item: catalogue.length, items });
		});
		try {
			const delivered: string[] = [];
			const client = createClient({ baseUrl: server.url, websiteId: sim.websiteId, ...fast });
			const sync = syncCatalogue(client, {
				query,
				pageSize: 10,
				maxAttempts: 1,
				onPage: (items) => void delivered.push(...items.map(idOf)),
			});
			await expect(sync).rejects.toThrow(/19 distinct products received while count_item is 20/);
			expect(new Set(delivered).size).toBe(delivered.length);
		} finally {
			await server.close();
		}
	});
});
