import type { LiveLoader } from 'astro/loaders';
import { resolveLoaderOptions } from '../../build-sync/loader-options.js';
import { entryFromRaw } from '../../build-sync/stored-entry.js';
import { type AudioReviewsClient, clientFromResolved } from '../../client/client.js';
import { syncCatalogue } from '../../client/sync-catalogue.js';
import type { ListProductsQuery } from '../../client/urls.js';
import { AudioReviewsError, NotFoundError, TimeoutError } from '../../errors/errors.js';
import { formatNumber } from '../../format/numbers.js';
import { type LoadOutcome, recordLoad } from '../../metrics/instruments.js';
import type { ResolvedSharedOptions, SharedOptions } from '../../options/shared-options.js';
import { renderedWith } from '../../schema/entry-metadata.js';
import type { Product } from '../../schema/product.js';
import { productTag, websiteTag } from './cache-tags.js';
import { withLiveSource } from './live-source.js';
import { SHARE_LOADS_IN_FLIGHT } from './load-sharing.js';
import { singleFlight } from './single-flight.js';

/** The options every loader shares; the build-only rebuild guards do not apply. */
export type ProductsLiveLoaderOptions = SharedOptions;

export const LIVE_LOADER_NAME = 'astro-audio-reviews-live';

/** `getLiveEntry(collection, ref)` or `getLiveEntry(collection, { ref, locale })`. */
export interface ProductEntryFilter {
	/** The product ref (`external_id`); `id` is its alias, as Astro passes a string id that way. */
	ref?: string;
	id?: string;
	/** Overrides the loader's `locale` for this request; reviews are filtered to it. */
	locale?: string;
	variant?: string;
}

/** Filters of the list endpoint plus paging. */
export interface ProductCollectionFilter {
	locale?: string;
	withAudio?: boolean;
	published?: boolean;
	limit?: number;
	offset?: number;
}

export type ProductsLiveLoader = LiveLoader<
	Product,
	ProductEntryFilter,
	ProductCollectionFilter,
	AudioReviewsError
>;
type LiveEntryResult = Awaited<ReturnType<ProductsLiveLoader['loadEntry']>>;

/** A visitor is waiting: build-time retries would hold a page for minutes during an outage. */
export const LIVE_REQUEST_DEFAULTS = {
	retries: 2,
	timeoutMs: 5_000,
	retryBaseDelayMs: 100,
	retryMaxDelayMs: 1_000,
	retryBudgetMs: 8_000,
} as const;

function withRequestTimeDefaults(options: ProductsLiveLoaderOptions): ProductsLiveLoaderOptions {
	if (typeof options !== 'object' || options === null) return options;
	const given = Object.fromEntries(
		Object.entries(options).filter(([, value]) => value !== undefined),
	);
	return { ...LIVE_REQUEST_DEFAULTS, ...given } as ProductsLiveLoaderOptions;
}

type ResolvedLiveOptions = ReturnType<typeof resolveLoaderOptions>;
type LiveClient = ReturnType<typeof clientFromResolved>;

/** Queue, attempts and backoff share one budget from the moment the page is asked. */
const visitorDeadline = (resolved: ResolvedLiveOptions) => Date.now() + resolved.retryBudgetMs;

/** Request-time loader for on-demand pages, validated as at build, tagged for precise purges. */
export function productsLiveLoader(options: ProductsLiveLoaderOptions): ProductsLiveLoader {
	return liveLoaderSharing(options, SHARE_LOADS_IN_FLIGHT);
}

/** `productsLiveLoader()` with its sharing of loads in flight given (the site's is chosen at config time). */
export function liveLoaderSharing(
	options: ProductsLiveLoaderOptions,
	shareInFlight: boolean,
): ProductsLiveLoader {
	const resolved = resolveLoaderOptions(withRequestTimeDefaults(options), 'productsLiveLoader');
	const client = clientFromResolved(resolved);
	const load = sharedEntryLoads(client, resolved, shareInFlight);
	return withLiveSource<ProductsLiveLoader>(
		{
			name: LIVE_LOADER_NAME,
			async loadEntry({ filter }) {
				const ref = filter.ref ?? filter.id;
				if (!ref) return { error: missingRef() };
				const locale = filter.locale ?? liveDefaultLocale(resolved);
				const variant = filter.variant ?? resolved.variant;
				return load(ref, locale, variant);
			},
			async loadCollection({ filter = {} }) {
				return loadList(client, resolved, filter);
			},
		},
		{ client, options: resolved },
	);
}

/** The loader's locales in its order: `locales`, else the one `locale`. */
export function liveLoaderLocales(resolved: ResolvedSharedOptions): readonly string[] {
	return resolved.locales ?? [resolved.locale];
}

/**
 * The locale a load names none of: the first of `locales`, else `locale` (the service's own
 * default, `fr`, when unset). Every load asks for one, so every entry knows its language (its
 * `rendered.metadata`, as productsLoader's entries): without it the service mixes every locale.
 */
export function liveDefaultLocale(resolved: ResolvedSharedOptions): string {
	return liveLoaderLocales(resolved)[0]!;
}

/** Loads in flight per (ref, locale, variant), shared between the visitors asking for it. */
function sharedEntryLoads(
	client: LiveClient,
	resolved: ResolvedLiveOptions,
	shareInFlight: boolean,
) {
	const shared = singleFlight<LiveEntryResult>(shareInFlight);
	const site = websiteTag(resolved.websiteId);
	async function loadOne(
		ref: string,
		locale: string,
		variant: string | undefined,
	): Promise<LiveEntryResult> {
		const deadline = visitorDeadline(resolved);
		try {
			const response = await client.getProductRaw(
				ref,
				{ locale, variant, type: resolved.type },
				{ deadline },
			);
			const result = entryFromRaw(response.product, {
				endpoint: 'getProduct',
				ref,
				locale,
				entryId: (id) => id,
			});
			if (!result.ok) return { error: result.error };
			const lastModified = response.validators.lastModified
				? new Date(response.validators.lastModified)
				: undefined;
			return {
				id: result.entry.id,
				data: result.entry.data,
				rendered: renderedWith({ locale, locales: liveLoaderLocales(resolved) }),
				cacheHint: {
					tags: [site, productTag(resolved.websiteId, ref)],
					...(lastModified && !Number.isNaN(lastModified.getTime()) ? { lastModified } : {}),
				},
			};
		} catch (error) {
			// Unknown ref (ERR_DB_MISSING, sent with status 200): "no entry", so the page can 404.
			if (error instanceof NotFoundError) return undefined;
			return { error: shedMark(loadError(error), deadline) };
		}
	}
	return async (ref: string, locale: string, variant: string | undefined) => {
		let ran = false;
		const result = await shared(JSON.stringify([ref, locale, variant]), () => {
			ran = true;
			return loadOne(ref, locale, variant);
		});
		recordLoad(loadOutcome(result), !ran);
		return result;
	};
}

/** The loads whose visitor's deadline ran out (queued, not sent, or cut by it): their 503s. */
const shedLoads = new WeakSet<AudioReviewsError>();

function shedMark(error: AudioReviewsError, deadline: number): AudioReviewsError {
	if (error instanceof TimeoutError && (Date.now() >= deadline || error.visitorDeadline))
		shedLoads.add(error);
	return error;
}

/** The loader's error: the client's own, or anything else (a defect) wrapped with its cause. */
function loadError(error: unknown): AudioReviewsError {
	if (error instanceof AudioReviewsError) return error;
	return new AudioReviewsError(error instanceof Error ? error.message : String(error), {
		cause: error,
	});
}

function loadOutcome(result: LiveEntryResult): LoadOutcome {
	if (result === undefined) return 'not_found';
	if ('error' in result && result.error) return shedLoads.has(result.error) ? 'shed' : 'failed';
	return 'ok';
}

async function loadList(
	client: LiveClient,
	resolved: ResolvedLiveOptions,
	filter: ProductCollectionFilter,
) {
	const site = websiteTag(resolved.websiteId);
	const locale = filter.locale ?? liveDefaultLocale(resolved);
	const rendered = renderedWith({ locale, locales: liveLoaderLocales(resolved) });
	try {
		const items = await listLiveProducts(
			client,
			{
				locale,
				without: resolved.without,
				withAudio: filter.withAudio ?? resolved.withAudio,
				published: filter.published ?? resolved.published,
				limit: filter.limit ?? resolved.pageSize,
				offset: filter.offset ?? 0,
			},
			{ pageSize: resolved.pageSize, deadline: visitorDeadline(resolved) },
		);
		const source = {
			endpoint: 'listProducts' as const,
			locale,
			entryId: (ref: string) => ref,
		};
		const entries = [];
		for (const item of items) {
			const result = entryFromRaw(item, source);
			if (!result.ok) return { error: result.error };
			const { id, data } = result.entry;
			entries.push({
				id,
				data,
				rendered,
				cacheHint: { tags: [site, productTag(resolved.websiteId, id)] },
			});
		}
		return { entries, cacheHint: { tags: [site] } };
	} catch (error) {
		return { error: loadError(error) };
	}
}

function missingRef(): AudioReviewsError {
	return new NotFoundError(
		'getLiveEntry() needs a product ref: pass it as the id or as `{ ref }`',
		{ endpoint: 'getProduct' },
	);
}

export const MAX_LIVE_LIMIT = 1_000;

/**
 * `limit` products from `offset`, walked as every catalogue walk is: `count_item` checked, walked
 * again when the catalogue moves. A list that does not add up is an error, never a short list.
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
