import type { AudioReviewsClient } from '../client/client.js';
import type { ListProductsQuery } from '../client/urls.js';
import { CatalogueSyncError } from '../errors/catalogue-error.js';
import { idOf, refOf } from '../schema/validate.js';

/**
 * What a sync remembers of one list page for the next one: its validators and the products it
 * held. When the service answers 304 to the same page asked the same way, the page is known
 * without its body.
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

export interface SyncProgress {
	locale: string | undefined;
	received: number;
	total: number;
}

export interface SyncOptions {
	/** Filters of the list endpoint; `limit`/`offset` are managed by the sync. */
	query: Omit<ListProductsQuery, 'limit' | 'offset'>;
	/** Items asked per page. The service may cap it: the sync learns the cap from the first page. */
	pageSize: number;
	/** Full re-syncs allowed when the catalogue changes under the sync. */
	maxAttempts?: number;
	onProgress?: (progress: SyncProgress) => void;
	/** Called before a re-sync, with the reason. */
	onResync?: (reason: string) => void;
	signal?: AbortSignal;
	/** Pages of the previous sync, to ask conditionally (If-None-Match / If-Modified-Since). */
	previous?: readonly PageMemo[] | undefined;
	/**
	 * Takes each page's items as the page arrives (in arrival order, duplicates by `id`
	 * already dropped), so the caller can process them while later pages load; the result's
	 * `items` then stays empty. An attempt that fails is followed by `onResync` (or, after the
	 * last attempt, by the sync's error): everything delivered before it belongs to a discarded
	 * snapshot.
	 */
	onPage?: (items: Array<unknown | ReusedItem>, page: DeliveredPage) => void | Promise<void>;
}

export interface DeliveredPage {
	/** List position of the page's first item. */
	offset: number;
}

export interface SyncResult {
	/** Raw product JSON (or a `ReusedItem` from a 304 page), deduplicated by `id`, in list order; empty with `onPage`. */
	items: Array<unknown | ReusedItem>;
	/** Memos of this snapshot's pages, for the next sync. */
	pages: PageMemo[];
	/** Pages the service answered 304 Not Modified for. */
	notModified: number;
	/** `count_item` of the snapshot the items form. */
	count: number;
	/** List requests of the successful attempt. */
	requests: number;
	/** The page-size cap the service applied, when it applied one. */
	cap: number | undefined;
	/** Full syncs needed (1 unless the catalogue changed under the sync). */
	attempts: number;
}

/**
 * Loads every product of a list query: the first page tells `count_item` (and the page-size
 * cap); the remaining pages are fetched concurrently. Because the catalogue can change while
 * pages are fetched, the result is only accepted when every page reported the same
 * `count_item` and the distinct ids add up to it; otherwise the sync starts over, and after
 * `maxAttempts` it fails rather than return a catalogue with gaps.
 */
export async function syncCatalogue(client: AudioReviewsClient, options: SyncOptions): Promise<SyncResult> {
	const maxAttempts = options.maxAttempts ?? 3;
	let lastReason = '';
	for (let attempt = 1; attempt <= maxAttempts; attempt++) {
		const outcome = await syncOnce(client, options);
		if (outcome.ok) return { ...outcome.result, attempts: attempt };
		lastReason = outcome.reason;
		if (attempt < maxAttempts) options.onResync?.(outcome.reason);
		// A snapshot that moved under us is a new snapshot: ask every page afresh.
		options = { ...options, previous: undefined };
	}
	throw new CatalogueSyncError(
		`The catalogue kept changing during the sync (${lastReason}); refusing to publish an inconsistent catalogue after ${maxAttempts} attempts. Retry the build once the shop's edits settle`,
		{ endpoint: 'listProducts', locale: options.query.locale },
	);
}

type Outcome = { ok: true; result: Omit<SyncResult, 'attempts'> } | { ok: false; reason: string };

async function syncOnce(client: AudioReviewsClient, options: SyncOptions): Promise<Outcome> {
	const { query, pageSize, signal } = options;
	const counts = new Set<number>();
	let requests = 0;
	let notModified = 0;
	const previous = new Map((options.previous ?? []).map((memo) => [`${memo.offset}:${memo.limit}`, memo]));
	const memos: PageMemo[] = [];

	const fetchPage = async (offset: number, limit: number): Promise<{ count_item: number; limit: number; items: unknown[] }> => {
		requests++;
		const memo = previous.get(`${offset}:${limit}`);
		const validators = memo && (memo.etag || memo.lastModified) ? { etag: memo.etag, lastModified: memo.lastModified } : undefined;
		const response = await client.listProductsConditional({ ...query, offset, limit }, { signal, validators });
		if (response.notModified) {
			notModified++;
			memos.push(memo!);
			counts.add(memo!.count);
			return { count_item: memo!.count, limit: memo!.applied, items: memo!.items.map(([id, ref]) => new ReusedItem(id, ref)) };
		}
		const { page } = response;
		counts.add(page.count_item);
		const items = page.items.map((item) => [idOf(item), refOf(item)] as const);
		// A page holding an item without id or ref cannot be replayed from its memo: never ask it conditionally.
		const replayable = items.every((pair): pair is readonly [string, string] => pair[0] !== undefined && pair[1] !== undefined);
		memos.push({
			offset,
			limit,
			...(replayable ? { etag: response.validators.etag, lastModified: response.validators.lastModified } : {}),
			count: page.count_item,
			applied: page.limit,
			items: replayable ? items.map(([id, ref]) => [id, ref]) : [],
		});
		return page;
	};

	const first = await fetchPage(0, pageSize);
	const total = first.count_item;
	// The service echoes the applied limit; a shorter first page while more remain also reveals a cap.
	let cap: number | undefined = first.limit < pageSize ? first.limit : undefined;
	if (first.items.length < Math.min(pageSize, total) && first.items.length > 0) cap = Math.min(cap ?? Infinity, first.items.length);
	const step = Math.max(1, Math.min(pageSize, cap ?? pageSize));

	const delivery = pageDelivery(options.onPage);
	const chunks: Array<Array<unknown | ReusedItem>> = [await delivery.take(first.items, 0)];
	let received = first.items.length;
	const report = () => options.onProgress?.({ locale: query.locale, received: Math.min(received, total), total });
	report();

	if (first.items.length === 0 && total > 0) return { ok: false, reason: `first page was empty while count_item is ${total}` };

	/**
	 * Fetches the range [start, end). A page shorter than asked while the catalogue says more
	 * remain is not a gap to skip: continue from the items actually received.
	 */
	let shortPage: string | undefined;
	const fetchRange = async (start: number, end: number): Promise<unknown[]> => {
		const items: Array<unknown | ReusedItem> = [];
		let offset = start;
		while (offset < end) {
			const page = await fetchPage(offset, end - offset);
			items.push(...(await delivery.take(page.items, offset)));
			received += page.items.length;
			report();
			if (page.items.length === 0) {
				if (offset < page.count_item) shortPage = `empty page at offset ${offset} while count_item is ${page.count_item}`;
				break;
			}
			offset += page.items.length;
			if (offset >= page.count_item) break;
		}
		return items;
	};

	const ranges: Array<Promise<unknown[]>> = [];
	for (let start = first.items.length; start < total; start += step) {
		ranges.push(fetchRange(start, Math.min(start + step, total)));
	}
	chunks.push(...(await Promise.all(ranges)));

	if (counts.size > 1) return { ok: false, reason: `count_item changed from ${total} to ${[...counts].filter((c) => c !== total).join(', ')}` };
	if (shortPage) return { ok: false, reason: shortPage };

	const seen = new Set<string>();
	const items: Array<unknown | ReusedItem> = [];
	for (const chunk of chunks) {
		for (const item of chunk) if (firstSighting(seen, item)) items.push(item);
	}
	if (items.length + delivery.distinct() !== total) {
		return { ok: false, reason: `${items.length + delivery.distinct()} distinct products received while count_item is ${total}` };
	}
	memos.sort((a, b) => a.offset - b.offset);
	return { ok: true, result: { items, count: total, requests, cap, pages: memos, notModified } };
}

/**
 * With `onPage`, hands each page over as it arrives and keeps only the ids (to drop duplicates
 * and count distinct products), so raw pages are not held until the last one. Without it,
 * pages are kept for the in-order result.
 */
function pageDelivery(onPage: SyncOptions['onPage']) {
	const seen = new Set<string>();
	let delivered = 0;
	return {
		async take(items: Array<unknown | ReusedItem>, offset: number): Promise<Array<unknown | ReusedItem>> {
			if (!onPage) return items;
			const fresh = items.filter((item) => firstSighting(seen, item));
			delivered += fresh.length;
			await onPage(fresh, { offset });
			return [];
		},
		distinct: () => delivered,
	};
}

/** Whether `item`'s id is new to `seen` (and records it). */
function firstSighting(seen: Set<string>, item: unknown): boolean {
	const id = item instanceof ReusedItem ? item.id : idOf(item);
	// Items without an id cannot be deduplicated; keep them so validation reports them.
	if (id === undefined) return true;
	if (seen.has(id)) return false;
	seen.add(id);
	return true;
}
