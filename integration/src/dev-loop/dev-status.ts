import type { LoaderContext } from 'astro/loaders';
import type { LocalePlan } from '../build-sync/loader-options.js';
import { AudioReviewsError, type ProductValidationError } from '../errors/errors.js';
import type { Product } from '../schema/product.js';

/** One product `onInvalid: "skip"` left out, as the dev toolbar lists it. */
export interface SkippedProduct {
	ref: string;
	locale: string;
	path: string;
	/** The offending value, as JSON, cut to a line: it comes from the service. */
	value: string;
	message: string;
}

export type SyncOutcome = 'ok' | 'failed' | 'last-known-good' | 'none';

/** What the last sync of one collection did, kept in its meta store (it survives a restart). */
export interface SyncStatus {
	collection: string;
	outcome: SyncOutcome;
	/** What the sync was: everything, or the refs of a refresh. */
	scope: 'all' | string[];
	endedAt?: string;
	durationMs?: number;
	requests?: number;
	retries?: number;
	/** The failure, or why the last known good data is served. */
	reason?: string;
	/** When the data the pages show was synced (last known good, or kept after a failure). */
	since?: string;
	skipped: SkippedProduct[];
	/** Entries per locale in the store now, in the loader's locale order. */
	counts: Record<string, number>;
	/** Refs a refresh asked for that the service does not know and the store never held. */
	unknown?: string[];
}

/** What a sync or refresh that did not fail hands back. */
export type SyncDone = Omit<SyncStatus, 'collection' | 'counts' | 'scope' | 'outcome'> & {
	outcome: 'ok' | 'last-known-good';
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

/** A refresh replaces only its refs' skipped products; a full sync replaces the list. */
export function recordStatus(
	context: LoaderContext,
	plan: LocalePlan,
	scope: SyncStatus['scope'],
	done: SyncDone,
): void {
	const previous = readStatus(context, plan);
	const skipped =
		scope === 'all'
			? done.skipped
			: [...previous.skipped.filter((item) => !scope.includes(item.ref)), ...done.skipped];
	writeStatus(context, { ...done, collection: context.collection, scope, skipped });
}
const VALUE_CHARS = 80;

/** `astro dev` gives loaders the file watcher; `astro build` and `astro sync` do not. */
export function inDevServer(context: Pick<LoaderContext, 'watcher'>): boolean {
	return context.watcher !== undefined;
}

export function readStatus(context: LoaderContext, plan: LocalePlan): SyncStatus {
	const stored = context.meta.get(KEY);
	let status: Partial<SyncStatus> = {};
	try {
		status = stored ? (JSON.parse(stored) as Partial<SyncStatus>) : {};
	} catch {
		// An unreadable record is no record: the next sync writes a new one.
	}
	return {
		outcome: 'none',
		scope: 'all',
		skipped: [],
		...status,
		collection: context.collection,
		counts: countsOf(context, plan),
	};
}

export function writeStatus(context: LoaderContext, status: Omit<SyncStatus, 'counts'>): void {
	const { collection: _collection, ...kept } = status;
	context.meta.set(KEY, JSON.stringify(kept));
}

function countsOf(context: LoaderContext, plan: LocalePlan): Record<string, number> {
	const counts: Record<string, number> = Object.fromEntries(plan.locales.map((l) => [l, 0]));
	for (const [id, entry] of context.store.entries()) {
		const locale = plan.localeOf(id);
		if ((entry.data as Product | undefined)?.external_id !== undefined)
			counts[locale] = (counts[locale] ?? 0) + 1;
	}
	return counts;
}

/** Each field of each skipped product, with the value the service sent there. */
export function skippedOf(
	invalid: readonly ProductValidationError[],
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

function shownValue(value: unknown): string {
	let text: string;
	try {
		text = value === undefined ? 'undefined' : (JSON.stringify(value) ?? String(value));
	} catch {
		text = String(value);
	}
	return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS - 1)}…` : text;
}

/**
 * A dev sync that failed: Astro's shortcuts and watchers do not await the sync, so the loader
 * logs the package's error and keeps the store instead of rejecting into Astro. Says whether
 * the store is empty (the pages then name the failure).
 */
export function keepServing(
	context: LoaderContext,
	plan: LocalePlan,
	error: unknown,
	scope: SyncStatus['scope'],
	restoredFrom?: string,
): { reason: string; empty: boolean; status: SyncStatus } {
	const { logger } = context;
	const reason = firstLine(error);
	const previous = readStatus(context, plan);
	logger.error(error instanceof AudioReviewsError ? error.message : `Sync failed: ${reason}`);
	const kept = context.store.keys().length;
	const since = restoredFrom ?? previous.since ?? previous.endedAt;
	if (kept > 0) {
		logger.warn(
			`Still serving the ${kept} entries of collection "${context.collection}"${since ? ` synced at ${since}` : ''}. ` +
				'Fix the cause, then refresh: `s + enter`, the dev toolbar\'s "Refresh all", or the refresh webhook',
		);
	} else {
		logger.warn(
			`Nothing to show yet in collection "${context.collection}": no earlier sync is stored. ` +
				'The dev server keeps running; refresh once the cause is fixed: `s + enter`, the dev toolbar\'s "Refresh all", or the refresh webhook',
		);
	}
	// The failed sync's own cost is unknown here: the previous sync's figures are not shown for it.
	const { durationMs: _duration, requests: _requests, retries: _retries, ...before } = previous;
	// Kept in memory, not the meta store: a store write reloads every open page in dev, and a
	// failure changed nothing the pages show.
	const status: SyncStatus = {
		...before,
		outcome: 'failed',
		scope,
		endedAt: new Date().toISOString(),
		reason,
		...(since ? { since } : {}),
	};
	return { reason, empty: kept === 0, status };
}

export function firstLine(error: unknown): string {
	const message = error instanceof Error ? error.message : String(error);
	return message.split('\n')[0]!;
}
