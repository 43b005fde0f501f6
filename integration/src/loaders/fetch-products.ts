import type { AudioReviewsClient } from '../client/client.js';
import { NotFoundError } from '../errors/service-error.js';
import { AudioReviewsError } from '../errors/audio-reviews-error.js';
import type { ResolvedSharedOptions } from '../options/shared-options.js';
import { syncCatalogue, type PageMemo, type ReusedItem, type SyncProgress } from '../sync/sync-catalogue.js';

export interface FetchedLocale {
	locale: string;
	/** Raw product JSON as the service sent it, or a `ReusedItem` where a page was Not Modified. */
	items: Array<unknown | ReusedItem>;
	/** Page memos for the next conditional sync (list endpoint only). */
	pages: PageMemo[] | undefined;
	notModified: number;
	endpoint: 'listProducts' | 'getProduct';
	requests: number;
	cap: number | undefined;
}

export interface FetchHooks {
	onProgress: (progress: SyncProgress) => void;
	onResync: (locale: string, reason: string) => void;
	/** Page memos of the previous sync of this locale, to ask pages conditionally. */
	previous?: readonly PageMemo[] | undefined;
}

/** Everything of one locale: the whole list, or the `refs` one by one through the single-product endpoint. */
export async function fetchLocale(
	client: AudioReviewsClient,
	options: ResolvedSharedOptions,
	locale: string,
	hooks: FetchHooks,
): Promise<FetchedLocale> {
	if (options.refs) return fetchRefs(client, options, options.refs, locale, hooks);
	const result = await syncCatalogue(client, {
		query: { locale, without: options.without, withAudio: options.withAudio, published: options.published },
		pageSize: options.pageSize,
		onProgress: hooks.onProgress,
		onResync: (reason) => hooks.onResync(locale, reason),
		previous: hooks.previous,
	});
	return {
		locale,
		items: result.items,
		endpoint: 'listProducts',
		requests: result.requests,
		cap: result.cap,
		pages: result.pages,
		notModified: result.notModified,
	};
}

async function fetchRefs(
	client: AudioReviewsClient,
	options: ResolvedSharedOptions,
	refs: readonly string[],
	locale: string,
	hooks: FetchHooks,
): Promise<FetchedLocale> {
	let received = 0;
	const missing: string[] = [];
	const settled = await Promise.all(
		refs.map(async (ref) => {
			try {
				const { product } = await client.getProductRaw(ref, { locale, variant: options.variant, type: options.type });
				return product;
			} catch (error) {
				// A listed ref that does not exist is a config mistake to report, not a product to drop silently.
				if (error instanceof NotFoundError) {
					missing.push(ref);
					return undefined;
				}
				throw error;
			} finally {
				hooks.onProgress({ locale, received: ++received, total: refs.length });
			}
		}),
	);
	if (missing.length > 0) {
		throw new AudioReviewsError(
			`${missing.length} of the products listed in \`refs\` do not exist (ERR_DB_MISSING): ${missing.map((ref) => JSON.stringify(ref)).join(', ')}. Remove them from \`refs\` or check the website id`,
			{ endpoint: 'getProduct', locale, type: 'ERR_DB_MISSING', ref: missing.length === 1 ? missing[0] : undefined },
		);
	}
	return { locale, items: settled, endpoint: 'getProduct', requests: refs.length, cap: undefined, pages: undefined, notModified: 0 };
}
