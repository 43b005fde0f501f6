import { afterEach, describe, expect, it } from 'vitest';
import {
	CatalogueSyncError,
	type ClientOptions,
	createClient,
	syncCatalogue,
} from '../../integration/src/entries/client.js';
import {
	type HostileService,
	type HostileServiceOptions,
	makeCatalogue,
	useHostileServices,
} from '../helpers/hostile-service.js';

const fast = { retryBaseDelayMs: 5, retryMaxDelayMs: 20 } as const;
const query = { locale: 'fr', without: 'inactive' } as const;
const ids = (items: unknown[]) => items.map((item) => (item as { id: string }).id);

const { hostile } = useHostileServices(afterEach);

const clientOf = (service: HostileService, extra: Partial<ClientOptions> = {}) =>
	createClient({ baseUrl: service.url, websiteId: service.websiteId, ...fast, ...extra });

describe('a count_item far above the real catalogue', () => {
	for (const claimed of [1_000_000, 1e10]) {
		it(`stops at the first short page: count_item ${claimed} for 50 products costs 3 attempts of 7 requests`, async () => {
			const service = await hostile({ catalogue: makeCatalogue(50), countItem: () => claimed });
			const error = await syncCatalogue(clientOf(service), { query, pageSize: 100 }).catch(
				(e: unknown) => e,
			);
			expect(error).toBeInstanceOf(CatalogueSyncError);
			expect((error as Error).message).toBe(
				`The catalogue kept changing during the sync, or its pages do not add up (the pages ended after 50 products while count_item is ${claimed}); ` +
					"refusing to publish an inconsistent catalogue after 3 attempts. Retry the build once the shop's edits settle; if it keeps failing, the service's list endpoint is inconsistent " +
					'(locale fr, endpoint GET /ws/websites/{websiteId}/products)',
			);
			// Per attempt: the first page, then one page per worker (concurrency 6); the first short page stops the rest.
			expect(service.count('list')).toBe(3 * (1 + 6));
		});
	}
});

describe('products shifting between pages, count_item unchanged', () => {
	/** Between two page requests: one product deleted near the start, one added at the end. */
	function shiftOnListRequest(n: number): HostileServiceOptions['misbehave'] {
		let shifted = false;
		return (request, _res, service) => {
			if (!shifted && request.kind === 'list' && service.count('list') === n) {
				shifted = true;
				service.catalogue.splice(5, 1);
				service.catalogue.push(...makeCatalogue(1, 10_000));
			}
			return false;
		};
	}

	it('is seen at the overlapping page boundary and re-synced: every product that existed throughout arrives', async () => {
		const service = await hostile({
			catalogue: makeCatalogue(250),
			misbehave: shiftOnListRequest(2),
		});
		const before = ids(service.catalogue);
		const resyncs: string[] = [];
		const result = await syncCatalogue(clientOf(service, { concurrency: 1 }), {
			query,
			pageSize: 100,
			onResync: (reason) => resyncs.push(reason),
		});
		expect(resyncs).toEqual([
			'products shifted between pages: the page at offset 99 does not start with the product that ended the page before',
		]);
		expect(result.attempts).toBe(2);
		expect(ids(result.items)).toEqual(ids(service.catalogue));
		// p100 sat on the first page boundary when the shift happened; it existed throughout.
		expect(ids(result.items)).toContain('p100');
		expect(before.filter((id) => id !== 'p5').every((id) => ids(result.items).includes(id))).toBe(
			true,
		);
	});

	it('is seen with pages fetched concurrently too', async () => {
		const service = await hostile({
			catalogue: makeCatalogue(1_000),
			misbehave: shiftOnListRequest(5),
		});
		const result = await syncCatalogue(clientOf(service), { query, pageSize: 100 });
		expect(result.attempts).toBe(2);
		expect(ids(result.items)).toEqual(ids(service.catalogue));
	});
});
