import { readFileSync } from 'node:fs';
import type { LoaderContext } from 'astro/loaders';
import type { PageMemo } from '../client/sync-catalogue.js';
import { decodeOwnValue } from '../files/own-file.js';
import type { ResolvedSharedOptions } from '../options/shared-options.js';
import {
	type Fingerprint,
	fingerprintSchema,
	type LastSync,
	lastSyncSchema,
	pageMemosSchema,
} from '../schema/own-files.js';
import type { LocalePlan } from './loader-options.js';

// What the loader keeps in its meta store between builds, inside Astro's data store.
type MetaStore = LoaderContext['meta'];

const KEYS = {
	fingerprint: 'aar:fingerprint',
	lastSync: 'aar:last-sync',
	pages: (locale: string) => `aar:pages:${locale}`,
} as const;

/** The package version: a restored store written by another version is not trusted. */
export const PACKAGE_VERSION: string = (() => {
	try {
		const json = JSON.parse(
			readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
		) as { version?: unknown };
		return typeof json.version === 'string' ? json.version : 'unknown';
	} catch {
		return 'unknown';
	}
})();

export function fingerprintOf(
	options: ResolvedSharedOptions,
	locales: readonly string[],
	storeFormat: number,
): Fingerprint {
	return {
		websiteId: options.websiteId.toLowerCase(),
		baseUrl: options.baseUrl,
		locales: [...locales],
		query: {
			without: options.without,
			withAudio: options.withAudio ?? null,
			published: options.published ?? null,
			refs: options.refs ? [...options.refs] : null,
			variant: options.variant ?? null,
			type: options.type ?? null,
		},
		packageVersion: PACKAGE_VERSION,
		storeFormat,
	};
}

export function fingerprintChanges(previous: Fingerprint, current: Fingerprint): string[] {
	const changes: string[] = [];
	const note = (what: string, a: unknown, b: unknown) => {
		if (JSON.stringify(a) !== JSON.stringify(b))
			changes.push(`${what} ${JSON.stringify(a)} → ${JSON.stringify(b)}`);
	};
	note('website id', previous.websiteId, current.websiteId);
	note('base URL', previous.baseUrl, current.baseUrl);
	note('locales', previous.locales, current.locales);
	note('list filters', previous.query, current.query);
	note('package version', previous.packageVersion, current.packageVersion);
	note('store format', previous.storeFormat, current.storeFormat);
	return changes;
}

export interface SyncState {
	fingerprint: Fingerprint | undefined;
	lastSync: LastSync | undefined;
	pages(locale: string): PageMemo[] | undefined;
}

export function readSyncState(meta: MetaStore): SyncState {
	return {
		fingerprint: decodeOwnValue(fingerprintSchema, meta.get(KEYS.fingerprint)),
		lastSync: decodeOwnValue(lastSyncSchema, meta.get(KEYS.lastSync)),
		pages: (locale) => decodeOwnValue(pageMemosSchema, meta.get(KEYS.pages(locale))),
	};
}

export function writeFingerprint(meta: MetaStore, fingerprint: Fingerprint): void {
	setChanged(meta, KEYS.fingerprint, JSON.stringify(fingerprint));
}

export function writeLastSync(meta: MetaStore, lastSync: LastSync): void {
	setChanged(meta, KEYS.lastSync, JSON.stringify(lastSync));
}

/** Every set marks Astro's store for a write (whole, in dev: it reloads open pages): only changes. */
function setChanged(meta: MetaStore, key: string, value: string): void {
	if (meta.get(key) !== value) meta.set(key, value);
}

export function writePages(
	meta: MetaStore,
	locale: string,
	pages: readonly PageMemo[] | undefined,
): void {
	if (pages === undefined) meta.delete(KEYS.pages(locale));
	else setChanged(meta, KEYS.pages(locale), JSON.stringify(pages));
}

export function clearSyncState(meta: MetaStore, locales: readonly string[]): void {
	meta.delete(KEYS.fingerprint);
	meta.delete(KEYS.lastSync);
	for (const locale of locales) meta.delete(KEYS.pages(locale));
}

/** The store's sync state, or a fresh start: another site's restored CI cache must not leak in. */
export function trustedSyncState(
	context: LoaderContext,
	plan: LocalePlan,
	fingerprint: Fingerprint,
): SyncState {
	const state = readSyncState(context.meta);
	const mismatch = state.fingerprint
		? fingerprintChanges(state.fingerprint, fingerprint)
		: context.store.keys().length > 0
			? ['no record of what wrote it']
			: [];
	if (mismatch.length === 0) return state;
	context.logger.warn(
		`The restored content store does not match this site (${mismatch.join('; ')}): discarding it and syncing everything`,
	);
	context.store.clear();
	clearSyncState(context.meta, [
		...new Set([...plan.locales, ...(state.fingerprint?.locales ?? [])]),
	]);
	return readSyncState(context.meta);
}
