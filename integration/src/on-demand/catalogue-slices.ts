import type { AudioReviewsClient } from '../client/client.js';
import type { RequestOptions } from '../client/request.js';
import { type CatalogueQuery, ReusedItem, syncCatalogue } from '../client/sync-catalogue.js';
import { CatalogueSyncError } from '../errors/errors.js';
import type { ResolvedSharedOptions } from '../options/shared-options.js';
import type { Product } from '../schema/product.js';
import { validateProduct } from '../schema/validate.js';

// An on-demand catalogue through the list endpoint, walked with the sync's checks, so a failing
// or inconsistent service is an error, never a short list.

export async function verifiedCount(
	client: AudioReviewsClient,
	query: CatalogueQuery,
): Promise<number> {
	const head = await client.listProductsRaw({ ...query, offset: 0, limit: 1 });
	const count = head.page.count_item;
	if (count === 0 && head.page.items.length > 0)
		throw countMismatch(count, `${head.page.items.length}`, query);
	if (count > 0) await confirmCount(client, query, count);
	return count;
}

/** Throws unless position `count - 1` exists and none follows it (a hub's page count). */
export async function confirmCount(
	client: AudioReviewsClient,
	query: CatalogueQuery,
	count: number,
	request: RequestOptions = {},
): Promise<void> {
	const probe = await client.listProductsRaw({ ...query, offset: count - 1, limit: 2 }, request);
	if (probe.page.count_item !== count || probe.page.items.length !== 1)
		throw countMismatch(count, `${probe.page.items.length} at position ${count - 1}`, query);
}

function countMismatch(count: number, held: string, query: CatalogueQuery): CatalogueSyncError {
	return new CatalogueSyncError(
		`count_item says ${count} products, but the list holds ${held}; refusing to size a list of pages from it`,
		{
			endpoint: 'listProducts',
			locale: query.locale,
		},
	);
}

/** What `pick` keeps of each valid product from `offset` to `end`: a huge slice stays small. */
export async function catalogueSlice<T>(
	client: AudioReviewsClient,
	options: ResolvedSharedOptions,
	query: CatalogueQuery,
	range: { offset: number; end: number },
	pick: (product: Product) => T,
	/** When a visitor waits on the slice (a hub page). */
	deadline?: number,
): Promise<{ products: T[]; count: number; requests: number }> {
	let pages = new Map<number, T[]>();
	const result = await syncCatalogue(client, {
		query,
		pageSize: options.pageSize,
		range,
		deadline,
		// Items of an attempt that failed belong to a discarded snapshot.
		onResync: () => {
			pages = new Map();
		},
		onPage: (items, page) => {
			const products: T[] = [];
			pages.set(page.offset, products);
			for (const item of items) {
				if (item instanceof ReusedItem) continue;
				const checked = validateProduct(item, { endpoint: 'listProducts', locale: query.locale });
				if (checked.success) products.push(pick(checked.data));
				else if (options.onInvalid === 'error') throw checked.error;
			}
		},
	});
	const products = [...pages].sort(([a], [b]) => a - b).flatMap(([, list]) => list);
	return { products, count: result.count, requests: result.requests };
}
