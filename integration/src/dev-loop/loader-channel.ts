import type { AstroConfig } from 'astro';
import type { DataStore } from 'astro/loaders';
import { type LiveProgress, LOADER_HOOK, type SyncStatus } from './protocol.js';

/**
 * How a `productsLoader()` in `astro dev` hands the dev server what it holds, without a content
 * sync: Astro gives every loader its config, and the config holds the integration, whose custom
 * hook `LOADER_HOOK` receives these reports. The server side reads status and records from the
 * reader when a page or the app asks; the loader never dispatches on a message.
 */

/** Read on demand by the dev server: cheap, from the loader's memory and its store. */
export interface LoaderReader {
	collection: string;
	/** The loader's locales, in its order (the first one's pages are unprefixed). */
	locales: readonly string[];
	status(): SyncStatus;
	/** `status().skipped` without counting the store: asked on every request of the dev server. */
	skipped(): SyncStatus['skipped'];
	/** Why the store is empty after a failed sync, or undefined (something is stored, or no failure). */
	nothingYet(): string | undefined;
	/** One entry's validated data as the pages read it, or undefined. */
	record(id: string): Record<string, unknown> | undefined;
}

/** The entries of the last good sync, by reference: what pages showed before a config edit. */
export interface LastGood {
	entries: readonly (readonly [id: string, entry: Parameters<DataStore['set']>[0]])[];
	syncedAt: string;
	/** What the entries are of (site, locales, filters): a config edit that changed it restores nothing. */
	fingerprint: string;
}

export type LoaderReport =
	/** A load begins; the answer carries the last good entries this dev server saw, if any. */
	| { kind: 'start'; reader: LoaderReader; scope: 'all' | string[] }
	| { kind: 'progress'; collection: string; progress: LiveProgress }
	/** A load ended; `good` when the store now holds a good sync's entries. */
	| { kind: 'end'; collection: string; good?: LastGood };

export type LoaderHook = (report: LoaderReport) => { lastGood?: LastGood } | undefined;

/** The dev server's side of the channel, or undefined (a build, `astro sync`, no integration). */
export function devLoopSink(config: Pick<AstroConfig, 'integrations'> | undefined) {
	const hook = config?.integrations?.find(
		(integration) => typeof integration.hooks?.[LOADER_HOOK] === 'function',
	)?.hooks[LOADER_HOOK] as LoaderHook | undefined;
	return hook;
}
