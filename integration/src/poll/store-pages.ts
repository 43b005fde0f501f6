import type { AstroConfig } from 'astro';
import { PollError } from '../errors/errors.js';
import { pageDigest } from './page-digest.js';
import type { PageDigests } from './poll-state.js';

/**
 * Reads back what the sync left in Astro's store: every page entry of the collections that
 * productsLoader() fills (they carry its meta keys), with its page digest. The store's format is
 * Astro's own, read with the reader of the Astro the site runs (the one that just wrote it).
 */
export interface CollectionPages {
	collections: string[];
	pages: PageDigests;
}

// Written by the loader in each collection's meta store (its sync state).
const FINGERPRINT_KEY = 'aar:fingerprint';
const LAST_SYNC_KEY = 'aar:last-sync';

interface StoreReader {
	collections(): Map<string, unknown>;
	entries(collection: string): [string, { data: unknown }][];
	metaStore(collection: string): { get(key: string): unknown };
}

interface StoreModule {
	MutableDataStore: {
		fromFile(path: URL): Promise<StoreReader>;
		fromDir(path: URL, chunkSize: number, logger: unknown): Promise<StoreReader>;
	};
}
interface PathsModule {
	getDataStoreFile(settings: { config: AstroConfig }, isDev: boolean): URL;
	getDataStoreDir(settings: { config: AstroConfig }, isDev: boolean): URL;
	getDataStoreChunkSize(settings: { config: AstroConfig }): number | undefined;
}

const quiet = { warn() {}, info() {}, debug() {}, error() {} };

async function openStore(config: AstroConfig): Promise<StoreReader> {
	const astro = import.meta.resolve('astro');
	try {
		const { MutableDataStore } = (await import(
			new URL('./content/mutable-data-store.js', astro).href
		)) as StoreModule;
		const paths = (await import(new URL('./content/paths.js', astro).href)) as PathsModule;
		const settings = { config };
		const chunkSize = paths.getDataStoreChunkSize(settings);
		return chunkSize === undefined
			? await MutableDataStore.fromFile(paths.getDataStoreFile(settings, false))
			: await MutableDataStore.fromDir(paths.getDataStoreDir(settings, false), chunkSize, quiet);
	} catch (error) {
		throw new PollError(
			`Could not read Astro's content store after the sync (${(error as Error).message}): this Astro version keeps it in a way poll does not read; use the Astro version the package's peer dependency names`,
			'usage',
			{ cause: error },
		);
	}
}

export async function readStorePages(config: AstroConfig): Promise<CollectionPages> {
	const store = await openStore(config);
	const collections = [...store.collections().keys()].filter(
		(name) => !name.startsWith('meta:') && store.metaStore(name).get(FINGERPRINT_KEY) !== undefined,
	);
	if (collections.length === 0)
		throw new PollError(
			`No content collection of the site in ${config.root.pathname} uses productsLoader(): run poll in the site's folder, and define the collection in src/content.config.ts with loader: productsLoader({ … })`,
			'usage',
		);
	const pages: PageDigests = {};
	for (const collection of collections) {
		assertFresh(collection, store.metaStore(collection).get(LAST_SYNC_KEY));
		for (const [id, entry] of store.entries(collection))
			pages[`${collection}/${id}`] = pageDigest(id, entry);
	}
	return { collections, pages };
}

/**
 * With `lastKnownGood`, a sync that could not reach the service keeps the old store and
 * succeeds: for poll that is a failure (nothing is known about the catalogue), named by the
 * reason the loader recorded.
 */
function assertFresh(collection: string, lastSync: unknown): void {
	let parsed: { lastKnownGood?: { reason?: unknown } } | undefined;
	try {
		parsed = typeof lastSync === 'string' ? JSON.parse(lastSync) : undefined;
	} catch {
		parsed = undefined;
	}
	const reason = parsed?.lastKnownGood?.reason;
	if (reason !== undefined)
		throw new PollError(
			`The catalogue sync of collection "${collection}" failed and kept the last known good store: ${String(reason)}. Nothing was called; the next run tries again`,
			'service',
		);
}
