import type { Loader, LoaderContext } from 'astro/loaders';
import { clientFromResolved } from '../client/client.js';
import { AudioReviewsError } from '../errors/audio-reviews-error.js';
import { CatalogueSyncError } from '../errors/catalogue-error.js';
import { NetworkError, TimeoutError } from '../errors/network-error.js';
import type { ProductValidationError } from '../errors/product-validation-error.js';
import { ResponseFormatError } from '../errors/response-format-error.js';
import { NotFoundError, ServiceError } from '../errors/service-error.js';
import { productSchema, type Product } from '../schema/product.js';
import { refOf, structureError, validateProduct } from '../schema/validate.js';
import { unsafeUrlFields } from '../seo/safe-url.js';
import { ReusedItem, type PageMemo } from '../sync/sync-catalogue.js';
import { markFresh, markStale, recordLoaded } from './build-registry.js';
import { fetchLocale, type FetchedLocale } from './fetch-products.js';
import { registerLocales } from './locale-registry.js';
import {
	ENV,
	envFlag,
	localePlan,
	resolveProductsLoaderOptions,
	type ProductsLoaderOptions,
	type ResolvedProductsLoaderOptions,
} from './loader-options.js';
import { fmt, progressLogger } from './progress-log.js';
import { foreignWebsiteWarning } from './website-check.js';
import { clearContentDates, contentDates, publishStoredDates, type ContentDates } from './content-dates.js';
import {
	clearSyncState,
	fingerprintChanges,
	fingerprintOf,
	readSyncState,
	writeFingerprint,
	writeLastSync,
	writePages,
	type SyncState,
} from './sync-state.js';

export const LOADER_NAME = 'astro-audio-reviews';

/**
 * Bumped whenever what the loader stores for the same service JSON changes (schema or
 * normalisation), so entries written by an older version are rewritten, not kept.
 */
export const STORE_FORMAT = 1;

/** Errors listed one by one in the log before the rest are summarised. */
const LISTED_ERRORS = 20;

export type ProductsLoader = Loader & { name: typeof LOADER_NAME; schema: typeof productSchema };

/**
 * Build-time content loader: the website's whole catalogue (or `refs`), one entry per
 * product and locale, validated, with a digest so unchanged entries are not rewritten.
 */
export function productsLoader(options: ProductsLoaderOptions): ProductsLoader {
	const resolved = resolveProductsLoaderOptions(options);
	const plan = localePlan(resolved);

	return {
		name: LOADER_NAME,
		schema: productSchema,
		async load(context: LoaderContext): Promise<void> {
			registerLocales(context.collection, plan.locales);
			const refresh = refreshRequest(context.refreshContextData);
			if (refresh) return refreshProducts(context, resolved, plan, refresh);
			return syncAll(context, resolved, plan);
		},
	};
}

type Plan = ReturnType<typeof localePlan>;
type Counts = { added: number; updated: number; unchanged: number };

async function syncAll(context: LoaderContext, resolved: ResolvedProductsLoaderOptions, plan: Plan): Promise<void> {
	const { store, logger, meta, collection } = context;
	const started = performance.now();
	const client = clientFromResolved(resolved);
	const fingerprint = fingerprintOf(resolved, plan.locales, STORE_FORMAT);
	let state = readSyncState(meta);
	const mismatch = state.fingerprint ? fingerprintChanges(state.fingerprint, fingerprint) : store.keys().length > 0 ? ['no record of what wrote it'] : [];
	if (mismatch.length > 0) {
		// A restored CI cache of another site (or version) must not leak entries into this one.
		logger.warn(`The restored content store does not match this site (${mismatch.join('; ')}): discarding it and syncing everything`);
		store.clear();
		clearSyncState(meta, [...new Set([...plan.locales, ...(state.fingerprint?.locales ?? [])])]);
		clearContentDates(meta);
		state = readSyncState(meta);
	}

	const fetchAll = (previous: (locale: string) => readonly PageMemo[] | undefined) =>
		Promise.all(
			plan.locales.map((locale) =>
				fetchLocale(client, resolved, locale, {
					onProgress,
					onResync: (loc, reason) => logger.warn(`Catalogue changed during the sync of locale ${loc} (${reason}); syncing again`),
					previous: resolved.conditional ? previous(locale) : undefined,
				}),
			),
		);
	const onProgress = progressLogger(logger);
	let fetched: FetchedLocale[];
	try {
		fetched = await fetchAll((locale) => state.pages(locale));
	} catch (error) {
		if (serveLastKnownGood(context, resolved, state, error)) return;
		throw error;
	}

	guardShrink(resolved, state, new Map(fetched.map((f) => [f.locale, f.items.length])), 'returned');

	const kept = new Set<string>();
	const invalid: ProductValidationError[] = [];
	const counts: Counts = { added: 0, updated: 0, unchanged: 0 };
	const dates = contentDates(context, new Date().toISOString());
	let missing = await storeItems(context, plan, fetched, kept, invalid, counts, dates);
	if (missing.length > 0) {
		// 304 for a page whose products are not all in the store (skipped as invalid, or a store
		// edited by hand): ask those locales again without validators.
		logger.info(`Re-fetching locale ${missing.join(', ')} in full: the store lacks products of unchanged pages`);
		const again = await fetchAll(() => undefined);
		fetched = fetched.map((entry) => (missing.includes(entry.locale) ? again.find((other) => other.locale === entry.locale)! : entry));
		kept.clear();
		invalid.length = 0;
		Object.assign(counts, { added: 0, updated: 0, unchanged: 0 });
		missing = await storeItems(context, plan, fetched, kept, invalid, counts, dates);
	}

	if (invalid.length > 0) reportInvalid(invalid, resolved.onInvalid, logger);
	const foreign = foreignWebsiteWarning(store, kept, resolved.websiteId);
	if (foreign) logger.warn(foreign);

	const perLocale = new Map(plan.locales.map((locale) => [locale, 0]));
	for (const id of kept) perLocale.set(localeOfEntry(plan, id), (perLocale.get(localeOfEntry(plan, id)) ?? 0) + 1);
	// Again after validation: a schema change that makes most products invalid, with
	// onInvalid "skip", must not empty the site either. Nothing has been deleted yet.
	guardShrink(resolved, state, perLocale, 'valid');

	// Only after a complete sync: a product the service no longer returns (or that is now
	// invalid and skipped) must not keep a page.
	let removed = 0;
	for (const id of store.keys()) {
		if (!kept.has(id)) {
			store.delete(id);
			removed++;
		}
	}

	dates.save(kept, (id) => store.get<Product>(id)?.data);
	writeFingerprint(meta, fingerprint);
	writeLastSync(meta, { at: new Date().toISOString(), products: Object.fromEntries(perLocale) });
	for (const entry of fetched) writePages(meta, entry.locale, entry.pages);
	markFresh(collection);
	recordLoaded(collection, kept.size);
	// The raw JSON is dead weight once stored, yet something outside this function keeps the
	// fetched arrays reachable for the rest of the build (measured with bench/: render-phase heap
	// 648 → 309 MiB at 10k products once they are emptied). Release them explicitly.
	for (const entry of fetched) entry.items.length = 0;

	const seconds = ((performance.now() - started) / 1000).toFixed(1);
	const caps = [...new Set(fetched.map((f) => f.cap).filter((cap) => cap !== undefined))];
	const notModified = fetched.reduce((sum, f) => sum + f.notModified, 0);
	logger.info(
		`Synced ${syncedWhat(plan, kept)} in ${seconds} s: ` +
			`${fmt(counts.added)} added, ${fmt(counts.updated)} updated, ${fmt(removed)} removed, ${fmt(counts.unchanged)} unchanged` +
			(invalid.length > 0 ? `, ${fmt(invalid.length)} invalid skipped` : '') +
			` · ${fmt(client.stats.requests)} requests${notModified > 0 ? ` (${fmt(notModified)} not modified)` : ''}, ${fmt(client.stats.retries)} retries` +
			(caps.length > 0 ? `, service page cap ${caps.join('/')}` : ''),
	);
}

/**
 * Validates and stores what was fetched. Returns the locales where a Not Modified page named a
 * product the store does not hold (their items cannot be replayed).
 */
async function storeItems(
	context: LoaderContext,
	plan: Plan,
	fetched: readonly FetchedLocale[],
	kept: Set<string>,
	invalid: ProductValidationError[],
	counts: Counts,
	dates: ContentDates,
): Promise<string[]> {
	const { store, logger, generateDigest, parseData } = context;
	const missing: string[] = [];
	for (const { locale, items, endpoint } of fetched) {
		for (const raw of items) {
			if (raw instanceof ReusedItem) {
				const id = plan.entryId(locale, raw.ref);
				if (!store.has(id)) {
					if (!missing.includes(locale)) missing.push(locale);
					continue;
				}
				claim(kept, id, locale);
				counts.unchanged++;
				continue;
			}
			// Hashing recurses through the raw JSON: a value nested thousands deep must be refused first.
			const unsafe = structureError(raw, { endpoint, locale });
			if (unsafe) {
				invalid.push(unsafe);
				continue;
			}
			const rawRef = refOf(raw);
			const id = rawRef === undefined ? undefined : plan.entryId(locale, rawRef);
			const digest = generateDigest({ format: STORE_FORMAT, product: raw as Record<string, unknown> });
			const previous = id === undefined ? undefined : store.get(id);
			if (id !== undefined && previous?.digest === digest) {
				// Same JSON as the stored entry, which passed validation when it was written.
				claim(kept, id, locale);
				counts.unchanged++;
				continue;
			}
			const result = validateProduct(raw, { endpoint, locale });
			if (!result.success) {
				invalid.push(result.error);
				continue;
			}
			const entryId = plan.entryId(locale, result.data.external_id);
			claim(kept, entryId, locale);
			warnUnsafeUrls(logger, result.data, locale);
			// parseData applies the collection's schema: ours, or the user's own if they replaced it.
			const data = await parseData({ id: entryId, data: result.data as unknown as Record<string, unknown> });
			store.set({ id: entryId, data, digest });
			dates.observe(entryId, result.data);
			if (previous) counts.updated++;
			else counts.added++;
		}
	}
	return missing;
}

function warnUnsafeUrls(logger: LoaderContext['logger'], product: Product, locale: string): void {
	for (const { field, value } of unsafeUrlFields(product)) {
		logger.warn(
			`Product ref ${JSON.stringify(product.external_id)} (locale ${locale}): ${field} is not an http(s) URL (${JSON.stringify(value.slice(0, 60))}); pages will not render it`,
		);
	}
}

/** `500 products (fr)`, or with several locales `500 products × 2 locales (fr, en): 1,000 entries`. */
function syncedWhat(plan: Plan, kept: ReadonlySet<string>): string {
	const locales = plan.locales.join(', ');
	if (plan.locales.length === 1) return `${fmt(kept.size)} products (${locales})`;
	const refs = new Set([...kept].map((id) => id.slice(id.indexOf('/') + 1)));
	return `${fmt(refs.size)} products × ${plan.locales.length} locales (${locales}): ${fmt(kept.size)} entries`;
}

function localeOfEntry(plan: Plan, id: string): string {
	if (plan.locales.length === 1 && plan.entryId('x', 'y') === 'y') return plan.locales[0]!;
	return id.slice(0, id.indexOf('/'));
}

/**
 * A sync far smaller than the last one is far more often an upstream accident (a wrong filter,
 * a half-migrated database) than the shop's intent; publishing it would take pages offline.
 * Checked before anything is written, so the store stays as the last good build left it.
 */
function guardShrink(resolved: ResolvedProductsLoaderOptions, state: SyncState, counts: ReadonlyMap<string, number>, stage: 'returned' | 'valid'): void {
	if (resolved.maxShrink === false || !state.lastSync || envFlag(ENV.allowShrink)) return;
	for (const [locale, now] of counts) {
		const before = state.lastSync.products[locale] ?? 0;
		if (before === 0) continue;
		const gone = (before - now) / before;
		if (now === 0 || gone > resolved.maxShrink) {
			const what = stage === 'returned' ? `The service returned ${fmt(now)} products` : `Only ${fmt(now)} products passed validation (onInvalid: "skip")`;
			throw new AudioReviewsError(
				`${what} for locale ${locale}, ${fmt(before)} at the last successful sync (${Math.round(gone * 100)}% gone, more than the ${Math.round(resolved.maxShrink * 100)}% \`maxShrink\` allows). ` +
					`Refusing to publish a catalogue that shrank this much, so the previous deploy stays live. If the shop really removed them, rebuild with ${ENV.allowShrink}=1, or raise \`maxShrink\` in productsLoader()`,
				{ endpoint: 'listProducts', locale },
			);
		}
	}
}

/** The service cannot be reached or keeps failing: nothing about the data itself. */
function isOutage(error: unknown): error is AudioReviewsError {
	if (error instanceof NotFoundError) return false;
	return (
		error instanceof NetworkError ||
		error instanceof TimeoutError ||
		error instanceof ServiceError ||
		error instanceof ResponseFormatError ||
		error instanceof CatalogueSyncError
	);
}

/**
 * Opt-in: keep the last successfully synced store when the service is down. Loud by design:
 * a warning block in the log and a marker in the change report, so nobody mistakes it for a
 * fresh build.
 */
function serveLastKnownGood(context: LoaderContext, resolved: ResolvedProductsLoaderOptions, state: SyncState, error: unknown): boolean {
	const enabled = resolved.lastKnownGood || envFlag(ENV.lastKnownGood);
	if (!enabled || !isOutage(error) || !state.lastSync || context.store.keys().length === 0) return false;
	const since = state.lastSync.lastKnownGood?.since ?? state.lastSync.at;
	const reason = error.message.split('\n')[0]!;
	context.logger.warn(
		[
			'!'.repeat(72),
			`LAST KNOWN GOOD: the service is unreachable; building collection "${context.collection}" from the store synced at ${since}.`,
			`Reason: ${reason}`,
			'Pages show the catalogue as it was then. Rebuild once the service is back.',
			'!'.repeat(72),
		].join('\n'),
	);
	writeLastSync(context.meta, { ...state.lastSync, lastKnownGood: { reason, since } });
	publishStoredDates(context);
	markStale({ collection: context.collection, reason, syncedAt: since });
	recordLoaded(context.collection, context.store.keys().length);
	return true;
}

/** `refreshContent({ context: { astroAudioReviews: { refs } } })` from the dev refresh endpoint. */
export interface RefreshRequest {
	refs: string[];
}

export const REFRESH_CONTEXT_KEY = 'astroAudioReviews';

function refreshRequest(data: Record<string, unknown> | undefined): RefreshRequest | undefined {
	const request = data?.[REFRESH_CONTEXT_KEY] as { refs?: unknown } | undefined;
	if (!request || !Array.isArray(request.refs) || request.refs.length === 0) return undefined;
	const refs = request.refs.filter((ref): ref is string => typeof ref === 'string' && ref.length > 0);
	return refs.length > 0 ? { refs } : undefined;
}

/**
 * Targeted refresh (dev webhook): only the named products, through the single-product
 * endpoint, in every locale. A product the service no longer knows loses its entry.
 */
async function refreshProducts(context: LoaderContext, resolved: ResolvedProductsLoaderOptions, plan: Plan, request: RefreshRequest): Promise<void> {
	const { store, logger, generateDigest } = context;
	const client = clientFromResolved(resolved);
	const dates = contentDates(context, new Date().toISOString());
	const results = await Promise.all(
		plan.locales.flatMap((locale) =>
			request.refs.map(async (ref) => {
				const id = plan.entryId(locale, ref);
				try {
					const { product } = await client.getProductRaw(ref, { locale, variant: resolved.variant, type: resolved.type });
					const result = validateProduct(product, { endpoint: 'getProduct', ref, locale });
					if (!result.success) throw result.error;
					const digest = generateDigest({ format: STORE_FORMAT, product: product as Record<string, unknown> });
					if (store.get(id)?.digest === digest) return 'unchanged';
					warnUnsafeUrls(logger, result.data, locale);
					const data = await context.parseData({ id, data: result.data as unknown as Record<string, unknown> });
					store.set({ id, data, digest });
					dates.observe(id, result.data);
					return 'updated';
				} catch (error) {
					if (!(error instanceof NotFoundError)) throw error;
					return store.delete(id), 'removed';
				}
			}),
		),
	);
	dates.save(new Set(store.keys()), (id) => store.get<Product>(id)?.data);
	const count = (what: string) => results.filter((r) => r === what).length;
	logger.info(
		`Refreshed ${request.refs.map((ref) => JSON.stringify(ref)).join(', ')} (${plan.locales.join(', ')}): ${count('updated')} updated, ${count('removed')} removed, ${count('unchanged')} unchanged`,
	);
}

/** Two products with one ref would silently overwrite each other's entry (and page). */
function claim(kept: Set<string>, id: string, locale: string): void {
	if (kept.has(id)) {
		throw new AudioReviewsError(
			'Two products of the catalogue share this ref (external_id); entries and pages are keyed by ref, so one would silently replace the other. Fix the duplicate ref in the backoffice',
			{ ref: id, locale, endpoint: 'listProducts' },
		);
	}
	kept.add(id);
}

function reportInvalid(invalid: readonly ProductValidationError[], mode: 'error' | 'skip', logger: LoaderContext['logger']): void {
	const log = mode === 'error' ? logger.error.bind(logger) : logger.warn.bind(logger);
	for (const error of invalid.slice(0, LISTED_ERRORS)) log(mode === 'skip' ? `Skipped: ${error.message}` : error.message);
	if (invalid.length > LISTED_ERRORS) log(`…and ${invalid.length - LISTED_ERRORS} more invalid products`);
	if (mode === 'error') {
		const first = invalid[0]!;
		throw new AudioReviewsError(
			`${invalid.length} product${invalid.length === 1 ? '' : 's'} failed validation. First: ${first.message}. ` +
				'Fix the data in the backoffice, or set `onInvalid: "skip"` in productsLoader() to build without them',
			{},
		);
	}
}
