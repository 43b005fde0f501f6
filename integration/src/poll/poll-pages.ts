import { fileURLToPath } from 'node:url';
import type { LoaderContext } from 'astro/loaders';
import { ownFile } from '../files/own-file.js';
import { type PollPages, pollPagesSchema } from '../schema/own-files.js';

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

/** Characters of a page digest kept: 96 bits, only ever compared for equality of one entry. */
const PAGE_DIGEST_CHARS = 16;

/** A missing, damaged or older file is none: that sync fetches everything in full. */
const digestsFile = ownFile({ version: POLL_PAGES_FORMAT, schema: pollPagesSchema, gzip: true });

/** Where poll's sync writes the digests of `collection`, in the cache folder of its `astro sync`. */
export function pollPagesFile(context: Pick<LoaderContext, 'config' | 'collection'>): URL {
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
export function readPollPages(file: URL | string): Promise<PollPages | undefined> {
	return digestsFile.readOrNone(typeof file === 'string' ? file : fileURLToPath(file));
}

/** Written whole or not at all: a run killed mid-write leaves the previous file whole. */
export function writePollPages(file: URL, pages: PollPages): Promise<void> {
	return digestsFile.write(fileURLToPath(file), pages);
}
