import type { DataStore, LoaderContext, MetaStore } from 'astro/loaders';
import type { LocalePlan } from '../build-sync/loader-options.js';
import { shownValue } from '../errors/error-text.js';
import { AudioReviewsError, InvalidProductsError } from '../errors/errors.js';
import type { Product } from '../schema/product.js';
import type { LoaderReader } from './loader-channel.js';
import {
	type Change,
	type SkippedProduct,
	type SyncReport,
	type SyncStatus,
	storedStatusSchema,
} from './protocol.js';

export type { SkippedProduct, SyncStatus } from './protocol.js';

/** What a sync or refresh that did not fail hands back. */
export type SyncDone = Omit<SyncReport, 'scope' | 'outcome'> & {
	outcome: 'ok' | 'last-known-good';
	skipped: SkippedProduct[];
	change: Change;
};

const KEY = 'aar:dev-status';

/** When a sync ended, how long it took, its requests and retries. */
export function finished(
	startedAt: number,
	stats: { readonly requests: number; readonly retries: number },
) {
	return {
		endedAt: new Date().toISOString(),
		durationMs: Math.round(performance.now() - startedAt),
		requests: stats.requests,
		retries: stats.retries,
		skipped: [] as SkippedProduct[],
	};
}

/** `astro dev` gives loaders the file watcher; `astro build` and `astro sync` do not. */
export function inDevServer(context: Pick<LoaderContext, 'watcher'>): boolean {
	return context.watcher !== undefined;
}

/** Whether a sync or refresh wrote or deleted entries (open pages reload only then). */
export function changedStore(change: Change | undefined): boolean {
	return change !== undefined && change.updated + change.removed > 0;
}

/**
 * One collection's dev status, in the loader's memory: read by the dev server on demand (no
 * sync), written to the meta store only with a sync that changed entries anyway, so a sync that
 * changed nothing leaves the store file as it was and reloads no page.
 */
export function devMemory(collection: string, plan: LocalePlan) {
	let sync: SyncReport | undefined;
	let refresh: SyncReport | undefined;
	let skipped: SkippedProduct[] = [];
	let running: 'all' | string[] | undefined;
	let store: DataStore | undefined;
	let read = false;
	const status = (): SyncStatus => ({
		collection,
		counts: store ? countsOf(store, plan) : Object.fromEntries(plan.locales.map((l) => [l, 0])),
		...(sync ? { sync } : {}),
		...(refresh ? { refresh } : {}),
		skipped,
		...(running ? { running } : {}),
	});
	const reader: LoaderReader = {
		collection,
		locales: plan.locales,
		status,
		skipped: () => skipped,
		nothingYet: () =>
			sync?.outcome === 'failed' && store?.keys().length === 0 ? sync.reason : undefined,
		record: (id) => store?.get<Record<string, unknown>>(id)?.data,
	};
	return {
		reader,
		/** A load begins: the store it fills, and (first load) what the last dev server kept. */
		begin(context: LoaderContext, scope: 'all' | string[]) {
			store = context.store;
			running = scope;
			if (read) return;
			read = true;
			const kept = storedStatusSchema.safeParse(parseJson(context.meta.get(KEY)));
			if (!kept.success) return;
			({ sync, refresh } = kept.data);
			skipped = kept.data.skipped;
		},
		/** A full sync replaces the skipped list; a refresh only its refs' rows. */
		done(scope: 'all' | string[], done: SyncDone, meta: MetaStore) {
			running = undefined;
			const { skipped: found, ...report } = done;
			skipped =
				scope === 'all'
					? found
					: [...skipped.filter((item) => !scope.includes(item.ref)), ...found];
			if (scope === 'all') sync = { ...report, scope };
			else refresh = { ...report, scope };
			if (changedStore(done.change)) meta.set(KEY, JSON.stringify({ sync, refresh, skipped }));
		},
		/** A failure changes nothing the pages show: kept in memory only. */
		failed(scope: 'all' | string[], reason: string, since: string | undefined) {
			running = undefined;
			const report: SyncReport = {
				outcome: 'failed',
				scope,
				endedAt: new Date().toISOString(),
				reason,
				...(since ? { since } : {}),
			};
			if (scope === 'all') sync = report;
			else refresh = report;
		},
		/** When the data the pages show was synced. */
		since(): string | undefined {
			return sync?.since ?? sync?.endedAt;
		},
	};
}

export type DevMemory = ReturnType<typeof devMemory>;

function parseJson(text: string | undefined): unknown {
	if (text === undefined) return undefined;
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}

function countsOf(store: DataStore, plan: LocalePlan): Record<string, number> {
	const counts: Record<string, number> = Object.fromEntries(plan.locales.map((l) => [l, 0]));
	for (const [id, entry] of store.entries()) {
		const locale = plan.localeOf(id);
		if ((entry.data as Product | undefined)?.external_id !== undefined)
			counts[locale] = (counts[locale] ?? 0) + 1;
	}
	return counts;
}

/** Each field of each skipped product, with the value the service sent there. */
export function skippedOf(
	invalid: readonly InvalidProductsError['invalid'][number][],
	fallbackLocale: string,
): SkippedProduct[] {
	return invalid.flatMap((error) =>
		error.issues.map((issue, index) => ({
			ref: error.ref ?? '(no ref)',
			locale: error.locale ?? fallbackLocale,
			path: error.paths[index] ?? '(root)',
			value: shownValue((issue as { input?: unknown }).input),
			message: issue.message,
		})),
	);
}

/**
 * A dev sync that failed: Astro's shortcuts and watchers do not await the sync, so the loader
 * logs the package's error once and keeps the store instead of rejecting into Astro. Says
 * whether the store is empty (the pages then name the failure).
 */
export function keepServing(
	context: LoaderContext,
	error: unknown,
	since: string | undefined,
): { reason: string; empty: boolean } {
	const { logger } = context;
	const reason = firstLine(error);
	// Invalid products were each logged, with their values, as the sync found them.
	if (!(error instanceof InvalidProductsError))
		logger.error(error instanceof AudioReviewsError ? error.message : `Sync failed: ${reason}`);
	const kept = context.store.keys().length;
	const how = '`s + enter`, the dev toolbar\'s "Refresh all", or the refresh webhook';
	if (kept > 0) {
		logger.warn(
			`Still serving the ${kept} entries of collection "${context.collection}"${since ? ` synced at ${since}` : ''}. Fix the cause, then refresh: ${how}`,
		);
	} else {
		logger.warn(
			`Nothing to show yet in collection "${context.collection}": no earlier sync is stored. The dev server keeps running; refresh once the cause is fixed: ${how}`,
		);
	}
	return { reason, empty: kept === 0 };
}

export function firstLine(error: unknown): string {
	const message = error instanceof Error ? error.message : String(error);
	return message.split('\n')[0]!;
}
