import { processState } from './process-state.js';
// What one build's loaders tell the parts that cannot read the collection: each catalogue index
// (`productUrl` must be synchronous in templates) and the collections served last-known-good.

export interface StaleCollection {
	collection: string;
	reason: string;
	syncedAt: string;
}

/** All refs of a collection (a slug depends on the others) and the loader's locales. */
export interface CatalogueIndex {
	/** The loader's locales in its order. */
	locales: readonly string[];
	entries: readonly (readonly [id: string, ref: string])[];
}

interface BuildState {
	/** Collection → its index, replaced by every load that finishes. */
	catalogues: Map<string, CatalogueIndex>;
	stale: Map<string, StaleCollection>;
	/** Dev server: collections whose sync failed with nothing stored, and why. */
	failed: Map<string, string>;
}

function buildState(): BuildState {
	return processState<BuildState>('build-state', () => ({
		catalogues: new Map(),
		stale: new Map(),
		failed: new Map(),
	}));
}

export function markStale(entry: StaleCollection): void {
	buildState().stale.set(entry.collection, entry);
}

/** A successful sync replaces any earlier marker (dev server, repeated builds in one process). */
export function markFresh(collection: string): void {
	buildState().stale.delete(collection);
	buildState().failed.delete(collection);
}

/** A dev sync that failed with an empty store: the pages say why instead of "does not exist". */
export function markFailed(entry: { collection: string; reason: string }): void {
	buildState().failed.set(entry.collection, entry.reason);
}

export function failedSync(collection: string): string | undefined {
	return buildState().failed.get(collection);
}

export function staleCollections(): StaleCollection[] {
	return [...buildState().stale.values()];
}

export function forgetLoaded(): void {
	buildState().catalogues.clear();
}

export function recordCatalogue(collection: string, index: CatalogueIndex): void {
	buildState().catalogues.set(collection, index);
}

export function recordedCatalogue(collection: string): CatalogueIndex | undefined {
	return buildState().catalogues.get(collection);
}

export function loadedCollections(): ReadonlyMap<string, number> {
	return new Map(
		[...buildState().catalogues].map(([collection, index]) => [collection, index.entries.length]),
	);
}
