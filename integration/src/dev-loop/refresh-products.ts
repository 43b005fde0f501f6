import type { LoaderContext } from 'astro/loaders';
import { type ContentDates, contentDates } from '../build-sync/content-dates.js';
import type { LocalePlan, ResolvedProductsLoaderOptions } from '../build-sync/loader-options.js';
import {
	digestOfRaw,
	type EntryPlan,
	planEntry,
	STORE_FORMAT,
} from '../build-sync/stored-entry.js';
import { fingerprintOf, readSyncState, writeLastSync } from '../build-sync/sync-meta.js';
import { reportInvalid } from '../build-sync/sync-summary.js';
import { unsafeUrlWarnings } from '../build-sync/unsafe-url-warnings.js';
import { clientFromResolved } from '../client/client.js';
import { NotFoundError } from '../errors/errors.js';
import { type FactsOf, factsFor, renderedWith, stampEntries } from '../schema/entry-metadata.js';
import type { Product } from '../schema/product.js';
import { changedStore, finished, type SyncDone, skippedOf } from './dev-status.js';

type Fetched = { locale: string; ref: string; plan: EntryPlan | 'not-found' };

/**
 * Targeted refresh (dev webhook, toolbar): only the named products, through the single-product
 * endpoint, in every locale, applying `onInvalid` as a sync does. Nothing is written before
 * every answer is in: with `onInvalid: "error"` an invalid product leaves the store as it was.
 * A product the service no longer knows loses its entries; a ref it never knew is unknown.
 */
export async function refreshProducts(
	context: LoaderContext,
	resolved: ResolvedProductsLoaderOptions,
	plan: LocalePlan,
	refs: readonly string[],
): Promise<SyncDone> {
	const startedAt = performance.now();
	const client = clientFromResolved(resolved);
	const fingerprint = fingerprintOf(resolved, plan.locales, STORE_FORMAT);
	const fetchOne = async (locale: string, ref: string): Promise<Fetched> => {
		const source = { endpoint: 'getProduct' as const, ref, locale };
		const entryId = (of: string) => plan.entryId(locale, of);
		try {
			const { product } = await client.getProductRaw(ref, {
				locale,
				variant: resolved.variant,
				type: resolved.type,
			});
			const entry = planEntry(product, { ...source, entryId }, context.store, digestOfRaw(context));
			return { locale, ref, plan: entry };
		} catch (error) {
			if (!(error instanceof NotFoundError)) throw error;
			return { locale, ref, plan: 'not-found' };
		}
	};
	const fetched = await Promise.all(
		plan.locales.flatMap((locale) => refs.map((ref) => fetchOne(locale, ref))),
	);
	const invalid = fetched.flatMap((item) =>
		item.plan !== 'not-found' && item.plan.kind === 'invalid' ? [item.plan.error] : [],
	);
	// Throws with `onInvalid: "error"`, before anything is written.
	if (invalid.length > 0) reportInvalid(invalid, resolved.onInvalid, context.logger);
	const unknown = refs.filter((ref) =>
		plan.locales.every(
			(locale) =>
				fetched.some(
					(item) => item.ref === ref && item.locale === locale && item.plan === 'not-found',
				) && !context.store.has(plan.entryId(locale, ref)),
		),
	);
	const dates = contentDates(
		{ ...context, fingerprint, localeOf: plan.localeOf },
		new Date().toISOString(),
	);
	const facts = factsFor(plan, dates.dateOf);
	const counts = { updated: 0, removed: 0, unchanged: 0, skipped: invalid.length };
	for (const item of fetched) {
		const id = plan.entryId(item.locale, item.ref);
		const had = context.store.has(id);
		const result = await storeRefreshed(context, item.plan, id, dates, facts);
		if (result !== 'unknown' && result !== 'skipped') counts[result]++;
		// An invalid product skipped loses its page as a removed one does.
		else if (result === 'skipped' && had) counts.removed++;
	}
	const kept = new Set(context.store.keys());
	dates.save(kept, (id) => context.store.get<Product>(id)?.data);
	stampEntries(context.store, plan, facts, kept);
	const change = { updated: counts.updated, removed: counts.removed, unchanged: counts.unchanged };
	const lastSync = readSyncState(context.meta).lastSync;
	// A refresh that changed nothing leaves the store file as it was: no open page reloads.
	if (lastSync && changedStore(change))
		writeLastSync(context.meta, { ...lastSync, refreshedAt: new Date().toISOString() });
	context.logger.info(
		`Refreshed ${refs.map((ref) => JSON.stringify(ref)).join(', ')} (${plan.locales.join(', ')}): ${counts.updated} updated, ${counts.removed} removed, ${counts.unchanged} unchanged` +
			(counts.skipped > 0 ? `, ${counts.skipped} invalid skipped` : '') +
			(unknown.length > 0
				? `; unknown to the service: ${unknown.map((ref) => JSON.stringify(ref)).join(', ')}`
				: ''),
	);
	const skipped = skippedOf(invalid, plan.locales[0]!);
	return { ...finished(startedAt, client.stats), outcome: 'ok', skipped, unknown, change };
}

async function storeRefreshed(
	context: LoaderContext,
	plan: EntryPlan | 'not-found',
	id: string,
	dates: ContentDates,
	facts: FactsOf,
): Promise<'updated' | 'removed' | 'unchanged' | 'skipped' | 'unknown'> {
	if (plan === 'not-found' || plan.kind === 'invalid') {
		// Skipped as a sync skips it: an invalid product has no page, as one gone from the service.
		const had = context.store.has(id);
		context.store.delete(id);
		if (plan !== 'not-found') return 'skipped';
		return had ? 'removed' : 'unknown';
	}
	if (plan.kind === 'unchanged') return 'unchanged';
	const { data, digest, locale } = plan.entry;
	for (const warning of unsafeUrlWarnings(data, locale)) context.logger.warn(warning);
	dates.observe(id, data);
	context.store.set({
		id,
		data: await context.parseData({ id, data }),
		digest,
		rendered: renderedWith(facts(id, locale!)),
	});
	return 'updated';
}
