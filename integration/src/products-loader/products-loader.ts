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
import type { LiveProgress } from '../build-sync/progress-log.js';
import { guardShrink } from '../build-sync/shrink-guard.js';
import { STORE_FORMAT } from '../build-sync/stored-entry.js';
import {
	type Fingerprint,
	fingerprintOf,
	trustedSyncState,
	writeFingerprint,
	writeLastSync,
	writePages,
} from '../build-sync/sync-meta.js';
import { logSyncSummary, reportInvalid } from '../build-sync/sync-summary.js';
import { foreignWebsiteWarning } from '../build-sync/website-check.js';
import { clientFromResolved } from '../client/client.js';
import { restoreDevSnapshot, saveDevSnapshot } from '../dev-loop/dev-snapshot.js';
import {
	finished,
	inDevServer,
	keepServing,
	readStatus,
	recordStatus,
	type SyncDone,
	type SyncStatus,
	skippedOf,
} from '../dev-loop/dev-status.js';
import { serveLastKnownGood } from '../dev-loop/last-known-good.js';
import {
	refreshProducts,
	refreshRequest,
	type StatusReport,
} from '../dev-loop/refresh-products.js';
import { pollPagesFile } from '../poll/poll-pages.js';
import { pollSync } from '../poll/poll-sync.js';
import { factsFor, renderedWith, stampEntries } from '../schema/entry-metadata.js';
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
	let subscriber: StatusReport | undefined;
	// The last failed sync of this dev server, until a sync succeeds (see keepServing).
	let failure: SyncStatus | undefined;
	const statusOf = (context: LoaderContext) =>
		failure ? { ...failure, counts: readStatus(context, plan).counts } : readStatus(context, plan);

	return {
		name: LOADER_NAME,
		schema: loaderSchema(),
		async load(context: LoaderContext): Promise<void> {
			// poll's sync keeps page digests in a file of ours, not entries in Astro's store.
			const pollFile = pollPagesFile(context);
			if (pollFile) return pollSync(context, resolved, plan, pollFile);
			const request = refreshRequest(context.refreshContextData);
			// The dev toolbar's server side: told of every later load, whatever triggered it.
			if (request?.subscribe) subscriber = request.subscribe;
			if (request?.kind === 'record')
				return request.onRecord(context.collection, context.store.get(request.id)?.data);
			if (request?.kind === 'status') {
				const status = statusOf(context);
				request.report?.(status);
				return request.subscribe?.(status);
			}
			const dev = inDevServer(context);
			const scope = request?.kind === 'refs' ? request.refs : 'all';
			try {
				const done =
					request?.kind === 'refs'
						? await refreshProducts(context, resolved, plan, request.refs)
						: await syncAll(context, resolved, plan, dev, request?.progress);
				failure = undefined;
				if (dev) recordStatus(context, plan, scope, done);
				if (dev && done.outcome === 'ok')
					saveDevSnapshot(context, fingerprintOf(resolved, plan.locales, STORE_FORMAT));
				if (done.outcome === 'ok' && context.store.keys().length > 0) markFresh(context.collection);
			} catch (error) {
				// Astro's `s + enter` and config watcher do not await the sync: in dev, never reject.
				if (!dev) throw error;
				const restored = await restoreCleared(context, resolved, plan);
				const kept = keepServing(context, plan, error, scope, restored?.syncedAt);
				failure = kept.status;
				if (kept.empty) markFailed({ collection: context.collection, reason: kept.reason });
			}
			// Whichever way the store was filled (sync, refresh, last known good), links follow it.
			recordCatalogue(context.collection, catalogueIndex(context, plan));
			if (!dev) return;
			const status = statusOf(context);
			request?.report?.(status);
			subscriber?.(status);
		},
	};
}

/** Astro cleared the store (a config edit) and the sync failed: the last good sync comes back. */
async function restoreCleared(
	context: LoaderContext,
	resolved: ResolvedProductsLoaderOptions,
	plan: LocalePlan,
) {
	if (context.store.keys().length > 0) return undefined;
	const restored = await restoreDevSnapshot(
		context,
		fingerprintOf(resolved, plan.locales, STORE_FORMAT),
	);
	if (restored)
		context.logger.warn(
			`Restored the ${restored.entries} entries of collection "${context.collection}" synced at ${restored.syncedAt}: Astro cleared its content store (a config edit) and this sync failed`,
		);
	return restored;
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
		return { ...finished(startedAt, client.stats), outcome: 'last-known-good', ...kept };
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
	writeFingerprint(meta, fingerprint);
	writeLastSync(meta, { at: new Date().toISOString(), products: Object.fromEntries(kept) });
	for (const entry of fetched) writePages(meta, entry.locale, entry.pages);
	markFresh(context.collection);
	const products = new Set(
		[...keptIds].map((id) => context.store.get<Product>(id)?.data.external_id),
	).size;
	logSyncSummary(logger, {
		locales: plan.locales,
		products,
		startedAt,
		counts: stage.counts(),
		removed,
		invalid: invalid.length,
		fetched,
		client,
	});
	const skipped = resolved.onInvalid === 'skip' ? skippedOf(invalid, plan.locales[0]!) : [];
	return { ...finished(startedAt, client.stats), outcome: 'ok', skipped };
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
