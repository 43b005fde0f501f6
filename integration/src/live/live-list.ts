import type { AudioReviewsClient } from '../client/client.js';
import type { RequestOptions } from '../client/request.js';
import type { ListProductsQuery } from '../client/urls.js';
import { AudioReviewsError } from '../errors/audio-reviews-error.js';
import { fmt } from '../loaders/progress-log.js';

/**
 * Most products one `getLiveCollection()` call may ask for. It runs while a visitor waits; a
 * larger list is for the build-time loader, or paged with `offset`.
 */
export const MAX_LIVE_LIMIT = 1_000;

/**
 * `limit` products from `offset`, through as many list pages as the service's page cap needs
 * (it answers at most its cap, e.g. 100, whatever `limit` asks). The cap is learnt from the
 * first page, so the requests are bounded by the limit over the cap: a page shorter than the
 * cap, an empty page or the end of `count_item` ends the walk.
 */
export async function listLiveProducts(
	client: AudioReviewsClient,
	query: ListProductsQuery & { limit: number; offset: number },
	request: RequestOptions = {},
): Promise<unknown[]> {
	if (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > MAX_LIVE_LIMIT) {
		throw new AudioReviewsError(
			`getLiveCollection() can load from 1 to ${fmt(MAX_LIVE_LIMIT)} products per call (\`limit\`), not ${JSON.stringify(query.limit)}: ` +
				'page through a larger catalogue with `offset`, or load it at build time with productsLoader()',
			{ endpoint: 'listProducts' },
		);
	}
	const items: unknown[] = [];
	let offset = query.offset;
	let cap: number | undefined;
	while (items.length < query.limit) {
		const wanted = query.limit - items.length;
		const { page } = await client.listProductsRaw({ ...query, limit: wanted, offset }, request);
		items.push(...page.items.slice(0, wanted));
		offset += page.items.length;
		cap ??= page.items.length;
		const ended = page.items.length === 0 || page.items.length < Math.min(wanted, cap) || offset >= page.count_item;
		if (ended) break;
	}
	return items;
}
