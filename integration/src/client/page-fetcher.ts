import { idOf, refOf } from '../schema/validate.js';
import type { AudioReviewsClient } from './client.js';
import type { RequestOptions } from './request.js';
import type { ListProductsQuery } from './urls.js';

/**
 * What a sync remembers of one list page for the next one: its validators and the products it held.
 */
export interface PageMemo {
	offset: number;
	limit: number;
	etag?: string | undefined;
	lastModified?: string | undefined;
	/** `count_item` and the applied `limit` the page reported. */
	count: number;
	applied: number;
	/** `[id, external_id]` of each item, in order. */
	items: Array<[string, string]>;
}

/** An item of a page the service answered 304 for: the stored entry is still current. */
export class ReusedItem {
	constructor(
		readonly id: string,
		readonly ref: string,
	) {}
}

export interface FetchedPage {
	count_item: number;
	/** The applied limit the service echoed. */
	limit: number;
	/** At most the number asked: a service that sends more is cut to what the sync planned for. */
	items: Array<unknown | ReusedItem>;
}

/** One sync attempt's view of the list endpoint: every page it asked, and the memos to keep. */
export interface PageFetcher {
	fetch(offset: number, limit: number): Promise<FetchedPage>;
	/** Every `count_item` a page reported. */
	readonly counts: Set<number>;
	readonly memos: PageMemo[];
	readonly stats: { requests: number; notModified: number };
}

/** The identity a page boundary is compared by: the product id, else its ref. */
export function identityOf(item: unknown): string | undefined {
	return item instanceof ReusedItem ? item.id : (idOf(item) ?? refOf(item));
}

export function pageFetcher(
	client: AudioReviewsClient,
	query: Omit<ListProductsQuery, 'limit' | 'offset'>,
	previousMemos: readonly PageMemo[] | undefined,
	request: Pick<RequestOptions, 'signal' | 'deadline'>,
): PageFetcher {
	const previous = new Map(
		(previousMemos ?? []).map((memo) => [`${memo.offset}:${memo.limit}`, memo]),
	);
	const counts = new Set<number>();
	const memos: PageMemo[] = [];
	const stats = { requests: 0, notModified: 0 };

	async function fetch(offset: number, limit: number): Promise<FetchedPage> {
		stats.requests++;
		const memo = previous.get(`${offset}:${limit}`);
		const validators =
			memo && (memo.etag || memo.lastModified)
				? { etag: memo.etag, lastModified: memo.lastModified }
				: undefined;
		const response = await client.listProductsConditional(
			{ ...query, offset, limit },
			{ ...request, validators },
		);
		if (response.notModified) {
			stats.notModified++;
			memos.push(memo!);
			counts.add(memo!.count);
			return {
				count_item: memo!.count,
				limit: memo!.applied,
				items: memo!.items.map(([id, ref]) => new ReusedItem(id, ref)),
			};
		}
		const { page } = response;
		counts.add(page.count_item);
		const items = page.items.slice(0, limit);
		const pairs = items.map((item) => [idOf(item), refOf(item)] as const);
		// A page holding an item without id or ref cannot be replayed from its memo: never ask it conditionally.
		const replayable = pairs.every(
			(pair): pair is readonly [string, string] => pair[0] !== undefined && pair[1] !== undefined,
		);
		memos.push({
			offset,
			limit,
			...(replayable
				? { etag: response.validators.etag, lastModified: response.validators.lastModified }
				: {}),
			count: page.count_item,
			applied: page.limit,
			items: replayable ? pairs.map(([id, ref]) => [id, ref]) : [],
		});
		return { count_item: page.count_item, limit: page.limit, items };
	}

	return { fetch, counts, memos, stats };
}
