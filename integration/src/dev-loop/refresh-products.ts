import type { LoaderContext } from 'astro/loaders';
import { type ContentDates, contentDates } from '../build-sync/content-dates.js';
import type { LocalePlan, ResolvedProductsLoaderOptions } from '../build-sync/loader-options.js';
import type { LiveProgress } from '../build-sync/progress-log.js';
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
import { NotFoundError, type ProductValidationError } from '../errors/errors.js';
import { type FactsOf, factsFor, renderedWith, stampEntries } from '../schema/entry-metadata.js';
import type { Product } from '../schema/product.js';
import { finished, type SyncDone, type SyncStatus, skippedOf } from './dev-status.js';

/**
 * What `refreshContent({ context: { astroAudioReviews: … } })` asks of the loader, from the dev
 * refresh webhook or the dev toolbar: the named refs, everything, or only the last sync's status.
 * `report` receives each collection's status once the load settled (the webhook's answer and
 * the toolbar read it): it travels by reference in Astro's refresh context.
 */
export type RefreshRequest = (
	| { kind: 'refs'; refs: string[] }
	| { kind: 'all' }
	| { kind: 'status' }
	| { kind: 'record'; id: string; onRecord: RecordReport }
) & {
	report?: StatusReport | undefined;
	/** Receives the status after this load and every later one of this loader (any trigger). */
	subscribe?: StatusReport | undefined;
	/** A full sync's progress while it runs (the dev toolbar's Refresh all). */
	progress?: ((progress: LiveProgress) => void) | undefined;
};

export type StatusReport = (status: SyncStatus) => void;
/** One stored entry's validated data, for the dev toolbar's link to the raw record. */
export type RecordReport = (collection: string, data: unknown) => void;

export const REFRESH_CONTEXT_KEY = 'astroAudioReviews';

/** The refresh a context asks for, or undefined for an ordinary sync (start, `s + enter`). */
export function refreshRequest(
	data: Record<string, unknown> | undefined,
): RefreshRequest | undefined {
	const request = data?.[REFRESH_CONTEXT_KEY] as
		| {
				refs?: unknown;
				status?: unknown;
				report?: unknown;
				subscribe?: unknown;
				record?: unknown;
				onRecord?: unknown;
				progress?: unknown;
		  }
		| undefined;
	if (!request) return undefined;
	const callback = (value: unknown) =>
		typeof value === 'function' ? (value as StatusReport) : undefined;
	const listeners = {
		report: callback(request.report),
		subscribe: callback(request.subscribe),
		progress:
			typeof request.progress === 'function'
				? (request.progress as (progress: LiveProgress) => void)
				: undefined,
	};
	if (request.status === true) return { kind: 'status', ...listeners };
	if (typeof request.record === 'string' && typeof request.onRecord === 'function')
		return { kind: 'record', id: request.record, onRecord: request.onRecord as RecordReport };
	const refs = Array.isArray(request.refs)
		? request.refs.filter((ref): ref is string => typeof ref === 'string' && ref.length > 0)
		: [];
	return refs.length > 0 ? { kind: 'refs', refs, ...listeners } : { kind: 'all', ...listeners };
}

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
		const result = await storeRefreshed(context, item.plan, id, dates, facts);
		if (result !== 'unknown' && result !== 'skipped') counts[result]++;
	}
	const kept = new Set(context.store.keys());
	dates.save(kept, (id) => context.store.get<Product>(id)?.data);
	stampEntries(context.store, plan, facts, kept);
	const lastSync = readSyncState(context.meta).lastSync;
	if (lastSync) writeLastSync(context.meta, { ...lastSync, refreshedAt: new Date().toISOString() });
	context.logger.info(
		`Refreshed ${refs.map((ref) => JSON.stringify(ref)).join(', ')} (${plan.locales.join(', ')}): ${counts.updated} updated, ${counts.removed} removed, ${counts.unchanged} unchanged` +
			(counts.skipped > 0 ? `, ${counts.skipped} invalid skipped` : '') +
			(unknown.length > 0
				? `; unknown to the service: ${unknown.map((ref) => JSON.stringify(ref)).join(', ')}`
				: ''),
	);
	const skipped = skippedOf(invalid as ProductValidationError[], plan.locales[0]!);
	return { ...finished(startedAt, client.stats), outcome: 'ok', skipped, unknown };
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
