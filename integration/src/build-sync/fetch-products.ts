import type { LoaderContext } from 'astro/loaders';
import type { AudioReviewsClient } from '../client/client.js';
import {
	catalogueQuery,
	type PageMemo,
	type SyncProgress,
	syncCatalogue,
} from '../client/sync-catalogue.js';
import { AudioReviewsError, NotFoundError } from '../errors/errors.js';
import type { ResolvedSharedOptions } from '../options/shared-options.js';
import type { CatalogueStage, Delivery } from './catalogue-stage.js';
import type { ResolvedProductsLoaderOptions } from './loader-options.js';
import { type LiveProgress, liveProgress, progressLogger, syncHeartbeat } from './progress-log.js';
import type { SyncState } from './sync-meta.js';

/** What a locale's fetch leaves once its items are handed over. */
export interface FetchedLocale {
	locale: string;
	/** Page memos for the next conditional sync (list endpoint only). */
	pages: PageMemo[] | undefined;
	notModified: number;
	cap: number | undefined;
}

export interface FetchHooks {
	onProgress: (progress: SyncProgress) => void;
	/** Everything delivered for this locale so far belongs to a discarded snapshot. */
	onResync: (locale: string, reason: string) => void;
	/** Takes items as they arrive: raw pages are not held until the whole catalogue is in. */
	onItems: (delivery: Delivery) => void | Promise<void>;
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
		query: catalogueQuery(options, locale),
		pageSize: options.pageSize,
		onProgress: hooks.onProgress,
		onResync: (reason) => hooks.onResync(locale, reason),
		previous: hooks.previous,
		onPage: (items, page) =>
			hooks.onItems({ locale, items, endpoint: 'listProducts', position: page.offset }),
	});
	return { locale, cap: result.cap, pages: result.pages, notModified: result.notModified };
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
				const { product } = await client.getProductRaw(ref, {
					locale,
					variant: options.variant,
					type: options.type,
				});
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
			{
				endpoint: 'getProduct',
				locale,
				type: 'ERR_DB_MISSING',
				ref: missing.length === 1 ? missing[0] : undefined,
			},
		);
	}
	await hooks.onItems({ locale, items: settled, endpoint: 'getProduct', position: 0 });
	return { locale, cap: undefined, pages: undefined, notModified: 0 };
}

/** Fetches locales concurrently, each page handed to the stage as it arrives. */
export function stagedFetcher(
	context: LoaderContext,
	resolved: ResolvedProductsLoaderOptions,
	client: AudioReviewsClient,
	stage: CatalogueStage,
	live?: (progress: LiveProgress) => void,
) {
	const onProgress = progressLogger(context.logger);
	const onResync = (locale: string, reason: string) => {
		stage.reset(locale);
		context.logger.warn(
			`Catalogue changed during the sync of locale ${locale} (${reason}); syncing again`,
		);
	};
	return async (
		locales: readonly string[],
		previous: (locale: string) => ReturnType<SyncState['pages']>,
	) => {
		onProgress.open(true);
		const stop = syncHeartbeat(context.logger, `collection "${context.collection}"`, client.stats);
		const stopLive = liveProgress(live, onProgress.totals, client.stats);
		try {
			return await Promise.all(
				locales.map((locale) =>
					fetchLocale(client, resolved, locale, {
						onProgress,
						onResync,
						onItems: stage.take,
						previous: resolved.conditional ? previous(locale) : undefined,
					}),
				),
			);
		} finally {
			// A locale still fetching after another failed prints nothing once the sync settled.
			onProgress.open(false);
			stop();
			stopLive();
		}
	};
}
