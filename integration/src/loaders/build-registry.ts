/**
 * What the loaders of one `astro build` tell the integration's `astro:build:done` hook. Both run
 * in the same process (the content sync runs inside the build), so a process-wide registry
 * carries it, like the locale registry.
 */
const KEY = Symbol.for('astro-audio-reviews.build');

export interface StaleCollection {
	collection: string;
	/** Why the service could not be synced. */
	reason: string;
	/** When the store being served was last synced successfully. */
	syncedAt: string;
}

interface Registry {
	stale: Map<string, StaleCollection>;
	/** Collection → entries stored, for every collection a productsLoader() finished loading. */
	loaded: Map<string, number>;
}

function registry(): Registry {
	const holder = globalThis as { [KEY]?: Partial<Registry> };
	const found = (holder[KEY] ??= {});
	found.stale ??= new Map();
	found.loaded ??= new Map();
	return found as Registry;
}

/** `collection` now holds `entries` entries (after a sync, or from the last known good store). */
export function recordLoaded(collection: string, entries: number): void {
	registry().loaded.set(collection, entries);
}

/** A new build starts: what an earlier build in this process loaded no longer counts. */
export function forgetLoaded(): void {
	registry().loaded.clear();
}

/** What the productsLoader() collections of this process hold, by name. */
export function loadedCollections(): ReadonlyMap<string, number> {
	return registry().loaded;
}

/** This build serves `collection` from the last known good store. */
export function markStale(entry: StaleCollection): void {
	registry().stale.set(entry.collection, entry);
}

/** A successful sync replaces any earlier marker (dev server, repeated builds in one process). */
export function markFresh(collection: string): void {
	registry().stale.delete(collection);
}

export function staleCollections(): StaleCollection[] {
	return [...registry().stale.values()];
}
