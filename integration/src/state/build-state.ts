import { processState } from './process-state.js';
// What the loaders of one `astro build` (or dev server) tell the parts of the package that cannot
// read the collection: each collection's catalogue index (entry ids and refs, and the loader's
// locales), which `productUrl` needs synchronously (a link is written in a template, where
// `getCollection` cannot be awaited), the empty-collection check counts and the build-done warnings
// read; and the collections served from a last-known-good store, for the `astro:build:done` hook,
// which gets no entries.

export interface StaleCollection {
	collection: string;
	/** Why the service could not be synced. */
	reason: string;
	/** When the store being served was last synced successfully. */
	syncedAt: string;
}

/**
 * What `productUrl` needs to find any entry's page without reading the collection: the refs of
 * every entry the collection holds (a slug depends on the other refs) and the loader's locales.
 */
export interface CatalogueIndex {
	/** The loader's locales in its order (the first is served without a prefix unless configured otherwise). */
	locales: readonly string[];
	/** `[entry id, product ref]` of every entry of the collection after the sync. */
	entries: readonly (readonly [id: string, ref: string])[];
}

interface BuildState {
	/**
	 * Collection → its index, replaced (a new object) by every load that finishes: also what
	 * `loadedCollections()` counts, for every collection a productsLoader() finished loading.
	 */
	catalogues: Map<string, CatalogueIndex>;
	stale: Map<string, StaleCollection>;
}

function buildState(): BuildState {
	return processState<BuildState>('build-state', () => ({
		catalogues: new Map(),
		stale: new Map(),
	}));
}

/** This build serves `collection` from the last known good store. */
export function markStale(entry: StaleCollection): void {
	buildState().stale.set(entry.collection, entry);
}

/** A successful sync replaces any earlier marker (dev server, repeated builds in one process). */
export function markFresh(collection: string): void {
	buildState().stale.delete(collection);
}

export function staleCollections(): StaleCollection[] {
	return [...buildState().stale.values()];
}

/** A new build starts: what an earlier build in this process loaded no longer counts. */
export function forgetLoaded(): void {
	buildState().catalogues.clear();
}

/** `collection` holds these entries now (after a sync, a refresh, or from the last known good store). */
export function recordCatalogue(collection: string, index: CatalogueIndex): void {
	buildState().catalogues.set(collection, index);
}

/** The index of a productsLoader() collection loaded in this process, if any. */
export function recordedCatalogue(collection: string): CatalogueIndex | undefined {
	return buildState().catalogues.get(collection);
}

/** How many entries the productsLoader() collections of this process hold, by name. */
export function loadedCollections(): ReadonlyMap<string, number> {
	return new Map(
		[...buildState().catalogues].map(([collection, index]) => [collection, index.entries.length]),
	);
}
