import { CatalogueSyncError } from '../errors/errors.js';
import type { ResolvedSharedOptions } from '../options/shared-options.js';
import type { AudioReviewsClient } from './client.js';
import { dedupe, pageDelivery } from './page-delivery.js';
import { identityOf, type PageMemo, pageFetcher, type ReusedItem } from './page-fetcher.js';
import { fetchRest, pastCount, stitch } from './rest-pages.js';
import type { ListProductsQuery } from './urls.js';

export { type PageMemo, ReusedItem } from './page-fetcher.js';

export interface SyncProgress {
	locale: string | undefined;
	received: number;
	total: number;
}

/** Filters of the list endpoint; `limit`/`offset` are managed by the sync. */
export type CatalogueQuery = Omit<ListProductsQuery, 'limit' | 'offset'>;

/** `locale`'s catalogue as the loader options filter it: the sync and on-demand lists share it. */
export function catalogueQuery(
	options: Pick<ResolvedSharedOptions, 'without' | 'withAudio' | 'published'>,
	locale: string,
): CatalogueQuery {
	return {
		locale,
		without: options.without,
		withAudio: options.withAudio,
		published: options.published,
	};
}

export interface SyncOptions {
	query: CatalogueQuery;
	/** Items asked per page. The service may cap it: the sync learns the cap from the first page. */
	pageSize: number;
	/** Full syncs allowed when the catalogue changes under the sync (the first included). */
	maxAttempts?: number;
	onProgress?: (progress: SyncProgress) => void;
	onResync?: (reason: string) => void;
	signal?: AbortSignal;
	/** When a visitor stops waiting (epoch ms): every page request ends by then, queue included. */
	deadline?: number | undefined;
	/** The previous sync's pages, asked conditionally. */
	previous?: readonly PageMemo[] | undefined;
	/** Takes each page's deduplicated items as they arrive; `items` then stays empty. */
	onPage?: (items: Array<unknown | ReusedItem>, page: DeliveredPage) => void | Promise<void>;
	/** Only positions `offset` to `end` (exclusive), same checks: e.g. one on-demand sitemap file. */
	range?: { offset: number; end: number } | undefined;
}

export interface DeliveredPage {
	offset: number;
}

export interface SyncResult {
	/** Raw product JSON or `ReusedItem`s, deduplicated by `id`, in order; empty with `onPage`. */
	items: Array<unknown | ReusedItem>;
	pages: PageMemo[];
	notModified: number;
	count: number;
	requests: number;
	cap: number | undefined;
	attempts: number;
}

export async function syncCatalogue(
	client: AudioReviewsClient,
	options: SyncOptions,
): Promise<SyncResult> {
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
	const start = options.range?.offset ?? 0;
	const rangeEnd = options.range?.end ?? Infinity;
	const pages = pageFetcher(client, query, options.previous, {
		signal: options.signal,
		deadline: options.deadline,
	});
	const first = await pages.fetch(start, pageSize);
	const total = first.count_item;
	// The positions the result must hold; the walk itself goes one past `count_item` to check it.
	const end = Math.max(start, Math.min(total, rangeEnd));
	const past = pastCount(start, first.items.length, total);
	if (past) return { ok: false, reason: past };
	const firstItems = first.items.slice(0, end - start);
	// The service echoes the applied limit; a shorter first page while more remain also reveals a cap.
	let cap: number | undefined =
		first.limit >= 1 && first.limit < pageSize ? first.limit : undefined;
	if (first.items.length < Math.min(pageSize, end - start) && first.items.length > 0)
		cap = Math.min(cap ?? Infinity, first.items.length);
	if (first.items.length === 0 && end > start)
		return {
			ok: false,
			reason: `the page at offset ${start} was empty while count_item is ${total}`,
		};
	// Short of what was asked and of the applied limit, where count_item ends too: nothing follows.
	const endedFirst =
		first.items.length < pageSize &&
		first.items.length < first.limit &&
		start + first.items.length === total;

	const delivery = pageDelivery(options.onPage);
	const firstKept = await delivery.take(firstItems, start);
	let received = firstItems.length;
	const report = () =>
		options.onProgress?.({
			locale: query.locale,
			received: Math.min(received, end - start),
			total: end - start,
		});
	report();
	const rest = await fetchRest(pages, {
		from: start + firstItems.length,
		end: endedFirst ? end : Math.min(rangeEnd, total + 1),
		count: total,
		limit: Math.min(pageSize, cap ?? pageSize),
		workers: client.options.concurrency,
		deliver: delivery.take,
		onPage: (fresh) => {
			received += fresh;
			report();
		},
	});
	// A shift before the page that ended the walk comes first: it explains pages that then seem to end early or reach past the count.
	const chunks = stitch(
		{
			kept: firstKept,
			length: start + firstItems.length,
			last: identityOf(firstItems[firstItems.length - 1]),
		},
		rest,
	);
	if (!chunks.ok) return chunks;
	if (rest.ended) return { ok: false, reason: rest.ended };
	if (pages.counts.size > 1)
		return {
			ok: false,
			reason: `count_item changed from ${total} to ${[...pages.counts].filter((c) => c !== total).join(', ')}`,
		};
	const items = dedupe(chunks.items);
	const distinct = items.length + delivery.distinct();
	if (distinct !== end - start) {
		const expected = options.range
			? `positions ${start} to ${end} of count_item ${total}`
			: `count_item is ${total}`;
		return { ok: false, reason: `${distinct} distinct products received while ${expected}` };
	}
	pages.memos.sort((a, b) => a.offset - b.offset);
	const { requests, notModified } = pages.stats;
	return {
		ok: true,
		result: { items, count: total, requests, cap, pages: pages.memos, notModified },
	};
}
