import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { LoaderContext } from 'astro/loaders';
import type { Fingerprint } from '../build-sync/sync-meta.js';
import type { PageMemo } from '../client/sync-catalogue.js';
import { writeAtomic } from '../files/atomic-write.js';

/**
 * What `audio-reviews poll` compares, in the package's own format: one file per collection that
 * productsLoader() fills, written by the loader during poll's sync. Poll never reads Astro's store
 * (its format is Astro's own and moves between minors), and keeps this file between runs instead of
 * the ~90 MB store: the page memos ask the list conditionally, the digests replay a 304 page.
 */
export const POLL_INTEGRATION = 'astro-audio-reviews:poll';
/** Bumped when the file's meaning changes: an older file is a first sync, never misread. */
export const POLL_PAGES_FORMAT = 1;
export const POLL_PAGES_FOLDER = 'audio-reviews-poll/';
/** JSON, gzipped: entry ids and page memos repeat, so the state a CI cache keeps stays small. */
export const POLL_PAGES_EXTENSION = '.json.gz';

const zip = promisify(gzip);
const unzip = promisify(gunzip);

/** Characters of a page digest kept: 96 bits, only ever compared for equality of one entry. */
const PAGE_DIGEST_CHARS = 16;

export interface PollLocale {
	/** The list's page memos, to ask each page conditionally next time (none with `refs`). */
	pages: PageMemo[] | null;
	/** Entry id → `<digest of the raw JSON> <digest of what its pages show>`. */
	entries: Record<string, string>;
}

export interface PollPages {
	format: typeof POLL_PAGES_FORMAT;
	collection: string;
	fingerprint: Fingerprint;
	syncedAt: string;
	/** Valid products per locale, for the shrink guard of the next run. */
	products: Record<string, number>;
	locales: Record<string, PollLocale>;
}

/** The file's URL when this sync is poll's (its integration is in the config), else undefined. */
export function pollPagesFile(
	context: Pick<LoaderContext, 'config' | 'collection'>,
): URL | undefined {
	// A hand-made context (a loader's own tests) may carry a partial config: then it is no poll.
	const integrations: readonly { name: string }[] = context.config.integrations ?? [];
	if (!integrations.some((integration) => integration.name === POLL_INTEGRATION)) return undefined;
	return new URL(
		`${POLL_PAGES_FOLDER}${encodeURIComponent(context.collection)}${POLL_PAGES_EXTENSION}`,
		context.config.cacheDir,
	);
}

export const shortDigest = (digest: string) => digest.slice(0, PAGE_DIGEST_CHARS);

export const joinDigests = (raw: string, page: string) => `${raw} ${page}`;

/** The page digest of an `entries` value. */
export const pageDigestOf = (value: string) => value.slice(value.indexOf(' ') + 1);

/** The raw digest of an `entries` value. */
export const rawDigestOf = (value: string) => value.slice(0, value.indexOf(' '));

/** The previous run's file; missing, damaged or of another format is none (a full sync). */
export async function readPollPages(file: URL | string): Promise<PollPages | undefined> {
	try {
		const value = JSON.parse(
			(await unzip(await readFile(file))).toString('utf8'),
		) as Partial<PollPages>;
		if (
			value.format === POLL_PAGES_FORMAT &&
			typeof value.collection === 'string' &&
			typeof value.locales === 'object' &&
			value.locales !== null &&
			typeof value.products === 'object' &&
			value.products !== null
		)
			return value as PollPages;
	} catch {
		// No previous run: everything is fetched in full.
	}
	return undefined;
}

/** Written whole or not at all: a run killed mid-write leaves the previous file whole. */
export async function writePollPages(file: URL, pages: PollPages): Promise<void> {
	const zipped = await zip(JSON.stringify(pages));
	await writeAtomic(fileURLToPath(file), (temporary) => writeFile(temporary, zipped));
}
