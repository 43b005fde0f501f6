import type { LoaderContext } from 'astro/loaders';
import type { DatesScope } from '../build-sync/content-dates.js';
import { ENV, envFlag, type ResolvedProductsLoaderOptions } from '../build-sync/loader-options.js';
import { type SyncState, writeLastSync } from '../build-sync/sync-meta.js';
import type { AudioReviewsError } from '../errors/errors.js';
import {
	CatalogueSyncError,
	NetworkError,
	NotFoundError,
	ResponseFormatError,
	ServiceError,
	TimeoutError,
} from '../errors/errors.js';
import { markStale } from '../state/build-state.js';

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

export interface LastKnownGood {
	reason: string;
	/** When the store now served was synced. */
	since: string;
}

/**
 * Keeps the last successfully synced store when the service is down: opt-in for builds, the
 * default in the dev server (a developer keeps working on the pages through an outage).
 */
export function serveLastKnownGood(
	context: LoaderContext & Pick<DatesScope, 'fingerprint'>,
	resolved: ResolvedProductsLoaderOptions,
	state: SyncState,
	error: unknown,
	dev = false,
): LastKnownGood | undefined {
	const enabled = dev || resolved.lastKnownGood || envFlag(ENV.lastKnownGood);
	if (!enabled || !isOutage(error) || !state.lastSync || context.store.keys().length === 0)
		return undefined;
	const since =
		state.lastSync.lastKnownGood?.since ?? state.lastSync.refreshedAt ?? state.lastSync.at;
	const reason = error.message.split('\n')[0]!;
	const what = dev ? 'serving' : 'building';
	context.logger.warn(
		[
			'!'.repeat(72),
			`LAST KNOWN GOOD: the service is unreachable; ${what} collection "${context.collection}" from the store synced at ${since}.`,
			`Reason: ${reason}`,
			dev
				? 'Pages show the catalogue as it was then. Refresh once the service is back: `s + enter`, the dev toolbar\'s "Refresh all", or the refresh webhook.'
				: 'Pages show the catalogue as it was then. Rebuild once the service is back.',
			'!'.repeat(72),
		].join('\n'),
	);
	writeLastSync(context.meta, { ...state.lastSync, lastKnownGood: { reason, since } });
	markStale({ collection: context.collection, reason, syncedAt: since });
	return { reason, since };
}
