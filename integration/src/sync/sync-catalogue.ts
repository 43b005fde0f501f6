import type { AudioReviewsClient } from '../client/client.js';
import type { ListProductsQuery } from '../client/urls.js';
import { CatalogueSyncError } from '../errors/catalogue-error.js';
import { idOf } from '../schema/validate.js';
import { identityOf, pageFetcher, ReusedItem, type FetchedPage, type PageFetcher, type PageMemo } from './page-fetcher.js';

export { ReusedItem, type PageMemo } from './page-fetcher.js';

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
	/** Full syncs allowed in all (the first and its re-syncs) when the catalogue changes under the sync. */
	maxAttempts?: number;
	onProgress?: (progress: SyncProgress) => void;
	/** Called before a re-sync, with the reason. */
	onResync?: (reason: string) => void;
	signal?: AbortSignal;
	/** Pages of the previous sync, to ask conditionally (If-None-Match / If-Modified-Since). */
	previous?: readonly PageMemo[] | undefined;
}

export interface SyncResult {
	/** Raw product JSON (or a `ReusedItem` from a 304 page), deduplicated by `id`, in list order. */
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
 * Loads every product of a list query. The first page tells `count_item` and the page-size
 * cap; later pages overlap their predecessor by one product, so every page boundary is seen
 * twice and products shifting between pages (a deletion near the start, an addition at the end,
 * `count_item` unchanged) show up as a boundary that moved. The result is accepted only when
 * every boundary matches, every page reported the same `count_item` and the distinct ids add up
 * to it; otherwise the sync starts over, and after `maxAttempts` it fails rather than return a
 * catalogue with gaps. `count_item` is never trusted to size work: pages are asked a few at a
 * time and the sync stops at the first page that comes back short.
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
		`The catalogue kept changing during the sync, or its pages do not add up (${lastReason}); refusing to publish an inconsistent catalogue after ${maxAttempts} attempts. ` +
			"Retry the build once the shop's edits settle; if it keeps failing, the service's list endpoint is inconsistent",
		{ endpoint: 'listProducts', locale: options.query.locale },
	);
}

type Outcome = { ok: true; result: Omit<SyncResult, 'attempts'> } | { ok: false; reason: string };

async function syncOnce(client: AudioReviewsClient, options: SyncOptions): Promise<Outcome> {
	const { query, pageSize } = options;
	const pages = pageFetcher(client, query, options.previous, options.signal);
	const first = await pages.fetch(0, pageSize);
	const total = first.count_item;
	// The service echoes the applied limit; a shorter first page while more remain also reveals a cap.
	let cap: number | undefined = first.limit >= 1 && first.limit < pageSize ? first.limit : undefined;
	if (first.items.length < Math.min(pageSize, total) && first.items.length > 0) cap = Math.min(cap ?? Infinity, first.items.length);
	if (first.items.length === 0 && total > 0) return { ok: false, reason: `first page was empty while count_item is ${total}` };

	let received = first.items.length;
	const report = () => options.onProgress?.({ locale: query.locale, received: Math.min(received, total), total });
	report();
	const rest = await fetchRest(pages, {
		from: first.items.length,
		total,
		limit: Math.min(pageSize, cap ?? pageSize),
		workers: client.options.concurrency,
		onPage: (fresh) => {
			received += fresh;
			report();
		},
	});
	if (rest.ended) return { ok: false, reason: rest.ended };
	if (pages.counts.size > 1) return { ok: false, reason: `count_item changed from ${total} to ${[...pages.counts].filter((c) => c !== total).join(', ')}` };

	const chunks = stitch(first.items, rest);
	if (!chunks.ok) return chunks;
	const items = dedupe(chunks.items);
	if (items.length !== total) {
		return { ok: false, reason: `${items.length} distinct products received while count_item is ${total}` };
	}
	pages.memos.sort((a, b) => a.offset - b.offset);
	const { requests, notModified } = pages.stats;
	return { ok: true, result: { items, count: total, requests, cap, pages: pages.memos, notModified } };
}

interface RestPlan {
	/** Offset of the first product not yet received. */
	from: number;
	total: number;
	/** Items per page, overlap included. */
	limit: number;
	workers: number;
	onPage: (freshItems: number) => void;
}

interface Rest {
	/** Pages by the offset of their first new product. */
	pages: Map<number, FetchedPage>;
	step: number;
	overlap: number;
	/** Why the pages stopped before `count_item`, when they did. */
	ended: string | undefined;
}

/**
 * Asks the pages after the first, `workers` at a time, each starting one product before the
 * range it is for. Stops handing out pages at the first one that comes back short or reports
 * another `count_item`, so a `count_item` far above the real catalogue costs a few requests.
 */
async function fetchRest(pages: PageFetcher, plan: RestPlan): Promise<Rest> {
	const overlap = plan.limit >= 2 ? 1 : 0;
	const step = plan.limit - overlap;
	const fetched = new Map<number, FetchedPage>();
	let next = plan.from;
	let endedAt = Infinity;
	let ended: string | undefined;

	const worker = async (): Promise<void> => {
		while (ended === undefined && next < plan.total) {
			const start = next;
			next += step;
			const offset = start - overlap;
			const asked = Math.min(plan.limit, plan.total - offset);
			const page = await pages.fetch(offset, asked);
			fetched.set(start, page);
			plan.onPage(Math.max(0, page.items.length - overlap));
			if (page.count_item !== plan.total) ended ??= `count_item changed from ${plan.total} to ${page.count_item}`;
			else if (page.items.length < asked && offset + page.items.length < endedAt) {
				endedAt = offset + page.items.length;
				ended = `the pages ended after ${endedAt} products while count_item is ${plan.total}`;
			}
		}
	};
	await Promise.all(Array.from({ length: Math.max(1, plan.workers) }, worker));
	return { pages: fetched, step, overlap, ended };
}

/** Joins the pages in order, checking each overlapping product against the previous page's last. */
function stitch(first: readonly unknown[], rest: Rest): { ok: true; items: unknown[] } | { ok: false; reason: string } {
	const items = [...first];
	for (let start = first.length; rest.pages.has(start); start += rest.step) {
		const page = rest.pages.get(start)!.items;
		if (rest.overlap === 1) {
			const before = identityOf(items[items.length - 1]);
			const after = identityOf(page[0]);
			if (before !== undefined && after !== undefined && before !== after) {
				return { ok: false, reason: `products shifted between pages: the page at offset ${start - 1} does not start with the product that ended the page before` };
			}
		}
		for (let i = rest.overlap; i < page.length; i++) items.push(page[i]);
	}
	return { ok: true, items };
}

/** Keeps the first occurrence of every id, in list order. */
function dedupe(all: readonly unknown[]): Array<unknown | ReusedItem> {
	const seen = new Set<string>();
	const items: Array<unknown | ReusedItem> = [];
	for (const item of all) {
		const id = item instanceof ReusedItem ? item.id : idOf(item);
		// Items without an id cannot be deduplicated; keep them so validation reports them.
		if (id !== undefined) {
			if (seen.has(id)) continue;
			seen.add(id);
		}
		items.push(item);
	}
	return items;
}
