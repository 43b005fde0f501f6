import type { AudioReviewsClient } from '../client/client.js';
import type { ResolvedSharedOptions } from '../options/shared-options.js';
import type { Product } from '../schema/product.js';
import { processState } from '../state/process-state.js';

/**
 * The live loaders of this process, for the routes the integration injects on demand (sitemaps,
 * hub pages). Those routes cannot receive the loader's options from the integration: they are
 * set in `src/live.config.ts`, evaluated when the server first imports `astro:content`. Each
 * `productsLiveLoader()` call registers its client here, so the routes reuse its service address,
 * filters, limits and request-time retries instead of asking the user to repeat them.
 */

export interface LiveSource {
	client: AudioReviewsClient;
	options: ResolvedSharedOptions;
	/**
	 * The loader's own `loadEntry` for one product in one locale (shared in-flight loads, cache
	 * hints, the visitor's deadline), for the product pages of the other locales the integration
	 * injects: `{ entry }`, `{ error }`, or `{}` for an unknown ref.
	 */
	loadEntry?: (ref: string, locale: string) => Promise<LiveEntryLoad>;
}

export interface LiveEntryLoad {
	entry?: { id: string; data: Product; cacheHint?: { tags?: string[]; lastModified?: Date } | undefined } | undefined;
	error?: Error | undefined;
}

function sources(): Map<string, LiveSource> {
	return processState('live-sources', () => new Map<string, LiveSource>());
}

/** Keyed by website: a second loader of the same website (another collection) replaces the first. */
export function registerLiveSource(source: LiveSource): void {
	sources().set(source.options.websiteId.toLowerCase(), source);
}

/**
 * The live loader of `websiteId`, or the only one when no id is given. Throws with the fix
 * when there is none, or several and no id to choose by.
 */
export function liveSource(websiteId?: string): LiveSource {
	const found = findLiveSource(websiteId);
	if (found) return found;
	const all = sources();
	const known = all.size === 0 ? 'none is defined' : `defined for website(s) ${[...all.keys()].join(', ')}`;
	throw new Error(
		`astro-audio-reviews: the on-demand sitemaps and hub pages read the catalogue through productsLiveLoader() in src/live.config.ts, and ${known}` +
			(websiteId === undefined ? '' : ` (wanted ${websiteId}, the \`invalidate.websiteId\` of audioReviews())`) +
			(all.size > 1 && websiteId === undefined ? '; set `invalidate.websiteId` to say which website' : ''),
	);
}

/** The live loader of `websiteId` (or the only one), or undefined: for callers that work without one. */
export function findLiveSource(websiteId?: string): LiveSource | undefined {
	const all = sources();
	if (websiteId !== undefined) return all.get(websiteId.toLowerCase());
	return all.size === 1 ? [...all.values()][0] : undefined;
}
