import { join } from 'node:path';
import { ownFile } from '../files/own-file.js';
import { hookRecordSchema } from '../schema/own-files.js';

/**
 * What the pages showed when the deploy hook last answered 2xx: one digest per page entry
 * (collection, entry id), in `state.json` of poll's state folder (the one folder a scheduled job
 * keeps). Written only after a 2xx, so a failed call is made again.
 */
// Bumped when the digests' form changes: an older file is no record (a first run), never misread.
const FORMAT = 2;
const RECORD_FILE = 'state.json';

/** `collection/entryId` → page digest. */
export type PageDigests = Record<string, string>;

export interface HookRecord {
	/** When the hook last answered 2xx (ISO); undefined before the first call. */
	calledAt: string | undefined;
	pages: PageDigests;
}

/** One page entry that differs: its key, and the product ref and locale it is shown as. */
export interface PageChange {
	key: string;
	label: string;
}

export interface PageDiff {
	added: PageChange[];
	changed: PageChange[];
	removed: PageChange[];
}

export const hookRecordPath = (folder: string) => join(folder, RECORD_FILE);

const recordFile = ownFile({
	version: FORMAT,
	schema: hookRecordSchema,
});

/** The hook's record; a missing or damaged file is no record (the next call makes one). */
export async function readHookRecord(folder: string): Promise<HookRecord> {
	const file = await recordFile.readOrNone(hookRecordPath(folder));
	return { calledAt: file?.calledAt, pages: file?.pages ?? {} };
}

/** Written to a temporary file then renamed: a run killed mid-write leaves the old record whole. */
export async function writeHookRecord(folder: string, record: HookRecord): Promise<void> {
	await recordFile.write(hookRecordPath(folder), record);
}

/** The pages now against the recorded ones, each named by its entry id (the ref, or locale/ref). */
export function diffPages(before: PageDigests, now: PageDigests): PageDiff {
	const diff: PageDiff = { added: [], changed: [], removed: [] };
	const change = (key: string) => ({ key, label: key.slice(key.indexOf('/') + 1) });
	for (const [key, digest] of Object.entries(now)) {
		if (!(key in before)) diff.added.push(change(key));
		else if (before[key] !== digest) diff.changed.push(change(key));
	}
	for (const key of Object.keys(before)) if (!(key in now)) diff.removed.push(change(key));
	// In key order, whatever order the locales arrived in: the same change prints the same line.
	for (const list of [diff.added, diff.changed, diff.removed])
		list.sort((a, b) => (a.key < b.key ? -1 : 1));
	return diff;
}

export const diffSize = (diff: PageDiff) =>
	diff.added.length + diff.changed.length + diff.removed.length;
