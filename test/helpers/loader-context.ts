import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DataStore, LoaderContext, MetaStore } from 'astro/loaders';
import { afterAll } from 'vitest';
import { productSchema } from '../../integration/src/entries/schema.js';

type DataEntry = Parameters<DataStore['set']>[0];

/** Every cache folder the file's contexts made, removed once its tests ran. */
const cacheFolders: string[] = [];
afterAll(() => {
	for (const folder of cacheFolders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function newCacheFolder(): URL {
	const folder = mkdtempSync(join(tmpdir(), 'aar-loader-'));
	cacheFolders.push(folder);
	return pathToFileURL(`${folder}/`);
}

export interface LogLine {
	level: 'debug' | 'info' | 'warn' | 'error';
	message: string;
}

export interface TestLoaderContext {
	context: LoaderContext;
	entries: Map<string, DataEntry>;
	meta: Map<string, string>;
	/** Astro's cache folder of this stand-in (where the loader keeps its content dates), shared with the contexts made from it. */
	cacheDir: URL;
	logs: LogLine[];
	/** `store.set` calls that wrote (digest changed), since the last `resetWrites()`. */
	writes: string[];
	resetWrites(): void;
}

/**
 * The one typed stand-in for Astro's loader context, for loader-level tests. It keeps Astro's
 * documented semantics that the loader relies on: `set` returns false and keeps the entry when
 * the digest is unchanged; `parseData` validates with the collection schema. Real `astro build`
 * runs are covered by the fixture tests.
 */
export function createLoaderContext(previous?: TestLoaderContext): TestLoaderContext {
	const entries = previous?.entries ?? new Map<string, DataEntry>();
	const meta = previous?.meta ?? new Map<string, string>();
	const cacheDir = previous?.cacheDir ?? newCacheFolder();
	const logs: LogLine[] = [];
	const writes: string[] = [];

	const store: DataStore = {
		get: <T extends Record<string, unknown>>(key: string) =>
			entries.get(key) as DataEntry & { data: T },
		entries: () => [...entries.entries()] as ReturnType<DataStore['entries']>,
		values: () => [...entries.values()] as ReturnType<DataStore['values']>,
		keys: () => [...entries.keys()],
		set: (entry) => {
			const existing = entries.get(entry.id);
			if (existing && entry.digest !== undefined && existing.digest === entry.digest) return false;
			entries.set(entry.id, entry as DataEntry);
			writes.push(entry.id);
			return true;
		},
		delete: (key) => void entries.delete(key),
		clear: () => entries.clear(),
		has: (key) => entries.has(key),
		addModuleImport: () => undefined,
	};
	const metaStore: MetaStore = {
		get: (key) => meta.get(key),
		set: (key, value) => void meta.set(key, value),
		has: (key) => meta.has(key),
		delete: (key) => void meta.delete(key),
	};
	const log = (level: LogLine['level']) => (message: string) => void logs.push({ level, message });
	const logger = {
		info: log('info'),
		warn: log('warn'),
		error: log('error'),
		debug: log('debug'),
		fork: () => logger,
		label: 'test',
		options: {},
	};

	const context: LoaderContext = {
		collection: 'products',
		store,
		meta: metaStore,
		logger: logger as unknown as LoaderContext['logger'],
		config: { root: cacheDir, cacheDir } as LoaderContext['config'],
		parseData: async ({ data }) => productSchema.parse(data) as unknown as typeof data,
		renderMarkdown: async () => {
			throw new Error('not used by productsLoader');
		},
		generateDigest: (data) =>
			createHash('sha256')
				.update(typeof data === 'string' ? data : JSON.stringify(data))
				.digest('hex')
				.slice(0, 16),
	};
	return {
		context,
		entries,
		meta,
		cacheDir,
		logs,
		writes,
		resetWrites: () => void writes.splice(0),
	};
}
