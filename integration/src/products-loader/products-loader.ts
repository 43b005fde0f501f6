import type { LoaderContext } from 'astro/loaders';
import { CatalogueStage } from '../build-sync/catalogue-stage.js';
import { contentDates, storedDates } from '../build-sync/content-dates.js';
import { type FetchedLocale, stagedFetcher } from '../build-sync/fetch-products.js';
import {
	type LocalePlan,
	localePlan,
	type ProductsLoaderOptions,
	type ResolvedProductsLoaderOptions,
	resolveProductsLoaderOptions,
} from '../build-sync/loader-options.js';
import { LOADER_NAME, loaderSchema, type ProductsLoader } from '../build-sync/loader-schema.js';
import { guardShrink } from '../build-sync/shrink-guard.js';
import { STORE_FORMAT } from '../build-sync/stored-entry.js';
import {
	fingerprintOf,
	trustedSyncState,
	writeFingerprint,
	writeLastSync,
	writePages,
} from '../build-sync/sync-meta.js';
import { logSyncSummary, reportInvalid } from '../build-sync/sync-summary.js';
import { foreignWebsiteWarning } from '../build-sync/website-check.js';
import { clientFromResolved } from '../client/client.js';
import {
	changedStore,
	type DevMemory,
	devMemory,
	finished,
	inDevServer,
	keepServing,
	type SyncDone,
	skippedOf,
} from '../dev-loop/dev-status.js';
import { serveLastKnownGood } from '../dev-loop/last-known-good.js';
import { devLoopSink } from '../dev-loop/loader-channel.js';
import {
	type LiveProgress,
	REFRESH_CONTEXT_KEY,
	refreshContextSchema,
} from '../dev-loop/protocol.js';
import { refreshProducts } from '../dev-loop/refresh-products.js';
import { factsFor, renderedWith, stampEntries } from '../schema/entry-metadata.js';
import type { Fingerprint } from '../schema/own-files.js';
import type { Product } from '../schema/product.js';
import {
	type CatalogueIndex,
	markFailed,
	markFresh,
	recordCatalogue,
} from '../state/build-state.js';

/** Build-time loader: the whole catalogue (or `refs`), one entry per product and locale. */
export function productsLoader(options: ProductsLoaderOptions): ProductsLoader {
	const resolved = resolveProductsLoaderOptions(options);
	const plan = localePlan(resolved);
	let memory: DevMemory | undefined;

	return {
		name: LOADER_NAME,
		schema: loaderSchema(),
		async load(context: LoaderContext): Promise<void> {
			if (!inDevServer(context)) {
				const done = await syncAll(context, resolved, plan, false);
				if (done.outcome === 'ok' && context.store.keys().length > 0) markFresh(context.collection);
				recordCatalogue(context.collection, catalogueIndex(context, plan));
				return;
			}
			memory ??= devMemory(context.collection, plan);
			return devLoad(context, resolved, plan, memory);
		},
	};
}

/**
 * `astro dev`: a full sync, or the refs a refresh asks for in Astro's refresh context. Never
 * rejects (Astro's `s + enter` and config watcher do not await it); tells the dev server through
 * the integration's hook what it now holds.
 */
async function devLoad(
	context: LoaderContext,
	resolved: ResolvedProductsLoaderOptions,
	plan: LocalePlan,
	memory: DevMemory,
): Promise<void> {
	const sink = devLoopSink(context.config);
	const asked = refreshContextSchema.safeParse(context.refreshContextData?.[REFRESH_CONTEXT_KEY]);
	const refs = asked.success ? asked.data.refs : undefined;
	const scope = refs && refs.length > 0 ? refs : 'all';
	memory.begin(context, scope);
	const answer = sink?.({ kind: 'start', reader: memory.reader, scope });
	// Astro cleared its store (a config edit): the pages keep what they showed while this sync runs.
	const fingerprint = fingerprintOf(resolved, plan.locales, STORE_FORMAT);
	if (
		context.store.keys().length === 0 &&
		answer?.lastGood?.fingerprint === JSON.stringify(fingerprint)
	) {
		for (const [, entry] of answer.lastGood.entries) context.store.set(entry);
		writeFingerprint(context.meta, fingerprint);
		context.logger.warn(
			`Restored the ${answer.lastGood.entries.length} entries of collection "${context.collection}" synced at ${answer.lastGood.syncedAt}: Astro cleared its content store (a config edit); the pages show them while this sync runs`,
		);
	}
	const progress = sink
		? (live: LiveProgress) =>
				sink({ kind: 'progress', collection: context.collection, progress: live })
		: undefined;
	try {
		const done =
			scope === 'all'
				? await syncAll(context, resolved, plan, true, progress)
				: await refreshProducts(context, resolved, plan, scope);
		memory.done(scope, done, context.meta);
		if (done.outcome === 'ok' && context.store.keys().length > 0) markFresh(context.collection);
	} catch (error) {
		const since = memory.since();
		const kept = keepServing(context, error, since);
		memory.failed(scope, kept.reason, since);
		if (kept.empty) markFailed({ collection: context.collection, reason: kept.reason });
	}
	// Whichever way the store was filled (sync, refresh, last good), links follow it.
	recordCatalogue(context.collection, catalogueIndex(context, plan));
	const entries = context.store.entries();
	sink?.({
		kind: 'end',
		collection: context.collection,
		...(entries.length > 0
			? {
					good: {
						entries,
						syncedAt: memory.since() ?? new Date().toISOString(),
						fingerprint: JSON.stringify(fingerprint),
					},
				}
			: {}),
	});
}

/** Every entry's id and ref as the pages will read them from the store. */
function catalogueIndex(context: LoaderContext, plan: LocalePlan): CatalogueIndex {
	const entries = context.store
		.entries()
		.map(([id, entry]) => [id, (entry.data as Product).external_id] as const);
	return { locales: plan.locales, entries };
}

async function syncAll(
	context: LoaderContext,
	resolved: ResolvedProductsLoaderOptions,
	plan: LocalePlan,
	dev: boolean,
	live?: (progress: LiveProgress) => void,
): Promise<SyncDone> {
	const { logger, meta } = context;
	const startedAt = performance.now();
	const client = clientFromResolved(resolved);
	const fingerprint = fingerprintOf(resolved, plan.locales, STORE_FORMAT);
	const state = trustedSyncState(context, plan, fingerprint);
	const stage = new CatalogueStage(context, plan);
	const fetchInto = stagedFetcher(context, resolved, client, stage, live);

	let fetched: FetchedLocale[];
	try {
		fetched = await fetchInto(plan.locales, (locale) => state.pages(locale));
	} catch (error) {
		const kept = serveLastKnownGood({ ...context, fingerprint }, resolved, state, error, dev);
		if (!kept) throw error;
		// Stored entries keep their dates (an older store's come from the dates file).
		stampEntries(
			context.store,
			plan,
			factsFor(plan, storedDates({ ...context, fingerprint })),
			context.store.keys(),
		);
		const change = { updated: 0, removed: 0, unchanged: context.store.keys().length };
		return { ...finished(startedAt, client.stats), outcome: 'last-known-good', ...kept, change };
	}
	guardShrink(resolved, state, stage.returnedCounts(), 'returned');
	stage.assertUniqueRefs();
	const missing = stage.missingLocales();
	if (missing.length > 0) {
		// A 304 page whose products are not all stored: ask those locales without validators.
		logger.info(
			`Re-fetching locale ${missing.join(', ')} in full: the store lacks products of unchanged pages`,
		);
		for (const locale of missing) stage.reset(locale);
		const again = await fetchInto(missing, () => undefined);
		fetched = fetched.map((entry) => again.find((other) => other.locale === entry.locale) ?? entry);
		stage.assertUniqueRefs();
	}

	for (const warning of stage.warnings()) logger.warn(warning);
	const invalid = stage.invalid();
	if (invalid.length > 0) reportInvalid(invalid, resolved.onInvalid, logger);
	const kept = stage.keptCounts();
	guardShrink(resolved, state, kept, 'valid');

	// Only after a complete sync and both guards: a product no longer returned loses its page.
	const { removed, keptIds } = commitSync(context, plan, stage, fingerprint);
	const foreign = foreignWebsiteWarning(context.store, keptIds, resolved.websiteId);
	if (foreign) logger.warn(foreign);
	const counts = stage.counts();
	const change = { updated: counts.added + counts.updated, removed, unchanged: counts.unchanged };
	const products = Object.fromEntries(kept);
	writeFingerprint(meta, fingerprint);
	// In dev, a sync that changed nothing leaves the store file as it was: no open page reloads.
	if (!dev || changedStore(change) || !sameProducts(state.lastSync, products))
		writeLastSync(meta, { at: new Date().toISOString(), products });
	for (const entry of fetched) writePages(meta, entry.locale, entry.pages);
	markFresh(context.collection);
	logSyncSummary(logger, {
		locales: plan.locales,
		products: new Set([...keptIds].map((id) => context.store.get<Product>(id)?.data.external_id))
			.size,
		startedAt,
		counts,
		removed,
		invalid: invalid.length,
		fetched,
		client,
	});
	const skipped = resolved.onInvalid === 'skip' ? skippedOf(invalid, plan.locales[0]!) : [];
	return { ...finished(startedAt, client.stats), outcome: 'ok', skipped, change };
}

function sameProducts(
	lastSync: { products: Record<string, number>; lastKnownGood?: unknown } | undefined,
	products: Record<string, number>,
): boolean {
	if (!lastSync || lastSync.lastKnownGood) return false;
	return JSON.stringify(lastSync.products) === JSON.stringify(products);
}

function commitSync(
	context: LoaderContext,
	plan: LocalePlan,
	stage: CatalogueStage,
	fingerprint: Fingerprint,
) {
	const dates = contentDates(
		{ ...context, fingerprint, localeOf: plan.localeOf },
		new Date().toISOString(),
	);
	const facts = factsFor(plan, dates.dateOf);
	const removed = stage.commit((entry) => {
		dates.observe(entry.id, entry.data);
		return renderedWith(facts(entry.id, entry.locale!));
	});
	const keptIds = stage.keptIds();
	dates.save(keptIds, (id) => context.store.get<Product>(id)?.data);
	stampEntries(context.store, plan, facts, keptIds);
	return { removed, keptIds };
}
