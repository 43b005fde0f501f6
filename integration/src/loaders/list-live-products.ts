import type { AudioReviewsClient } from '../client/client.js';
import type { ListProductsQuery } from '../client/urls.js';
import { AudioReviewsError } from '../errors/errors.js';
import { formatNumber } from '../format/numbers.js';
import { syncCatalogue } from '../sync/sync-catalogue.js';

/**
 * Most products one `getLiveCollection()` call may ask for. It runs while a visitor waits; a
 * larger list is for the build-time loader, or paged with `offset`.
 */
export const MAX_LIVE_LIMIT = 1_000;

/**
 * `limit` products from `offset`, walked as every walk of the catalogue is (the build's sync, the
 * on-demand sitemaps and hub pages): pages as large as the service's cap allows, overlapping by
 * one product, `count_item` checked rather than taken for the end, walked again when the
 * catalogue moves under it. A list that does not add up is an error, never a short list.
 */
export async function listLiveProducts(
	client: AudioReviewsClient,
	query: ListProductsQuery & { limit: number; offset: number },
	walk: { pageSize: number; deadline?: number | undefined },
): Promise<unknown[]> {
	if (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > MAX_LIVE_LIMIT) {
		throw new AudioReviewsError(
			`getLiveCollection() can load from 1 to ${formatNumber(MAX_LIVE_LIMIT)} products per call (\`limit\`), not ${JSON.stringify(query.limit)}: ` +
				'page through a larger catalogue with `offset`, or load it at build time with productsLoader()',
			{ endpoint: 'listProducts' },
		);
	}
	const { limit, offset, ...filters } = query;
	const result = await syncCatalogue(client, {
		query: filters,
		pageSize: Math.min(walk.pageSize, limit),
		range: { offset, end: offset + limit },
		deadline: walk.deadline,
	});
	return result.items;
}
