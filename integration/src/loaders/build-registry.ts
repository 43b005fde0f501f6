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
}

function registry(): Registry {
	const holder = globalThis as { [KEY]?: Registry };
	return (holder[KEY] ??= { stale: new Map() });
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
