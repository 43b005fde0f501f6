import { rmSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AstroIntegration } from 'astro';
import { ERROR_CODES, errorCode } from '../errors/error-codes.js';
import { AudioReviewsError, CommandUsageError, PollError } from '../errors/errors.js';
import type { PageDigests } from './hook-record.js';
import { pollLoaderPlugin } from './poll-loader.js';
import { acquireLock, type PollLock } from './poll-lock.js';
import {
	POLL_INTEGRATION,
	POLL_PAGES_EXTENSION,
	POLL_PAGES_FOLDER,
	pageDigestOf,
	readPollPages,
} from './poll-pages.js';

/**
 * The site's own sync as `astro sync` runs it: its own config and loader options, no second copy.
 * Astro's store goes to a folder of this run, thrown away after it: poll's own loader, served by
 * its integration in place of the build loader, writes what poll compares (page digests, the
 * list's page memos) to files of the package's own format there, and poll keeps only those in
 * its state folder. So a run neither
 * reads nor rewrites the site's ~90 MB store, and reads nothing of Astro's internals.
 */
export interface SyncedSite {
	collections: string[];
	pages: PageDigests;
	lock: PollLock;
	/** Moves this sync's files into the state folder: the next run asks conditionally from them. */
	keep(): Promise<void>;
	/** Releases the lock and deletes the run's folder. */
	close(): Promise<void>;
}

/** Where the loader's files of the last sync live inside the state folder. */
export const SYNC_FOLDER = 'sync';

export async function syncSite(
	root: string,
	stateFolder: string,
	lockWaitMs: number,
): Promise<SyncedSite> {
	await mkdir(stateFolder, { recursive: true });
	// Before any request: two runs never sync, compare and call for one change.
	const lock = await acquireLock(stateFolder, lockWaitMs);
	const cacheDir = await mkdtemp(join(tmpdir(), 'audio-reviews-poll-'));
	removeAtExit(cacheDir);
	// Astro's sync returns once its store's last write ended (every Astro 7 minor waits for it).
	const close = async () => {
		await lock.release();
		await removeNow(cacheDir);
	};
	const work = join(cacheDir, POLL_PAGES_FOLDER);
	const kept = join(stateFolder, SYNC_FOLDER);
	try {
		await cp(kept, work, { recursive: true }).catch(ignoreMissing);
		let resolved = false;
		const probe: AstroIntegration = {
			name: POLL_INTEGRATION,
			hooks: {
				// The site's productsLoader() is poll's own loader in this sync: see poll-loader.ts.
				'astro:config:setup': ({ updateConfig }) => {
					updateConfig({ vite: { plugins: [pollLoaderPlugin()] } });
				},
				'astro:config:done': () => {
					resolved = true;
				},
			},
		};
		const { sync } = await import('astro');
		await sync({ root, cacheDir, logLevel: 'warn', integrations: [probe] });
		if (!resolved)
			throw new CommandUsageError(
				`astro sync ran in ${root} without resolving the site's config: run poll in the site's folder, beside its astro.config.mjs`,
			);
		const { collections, pages } = await readSyncPages(work, root);
		return { collections, pages, lock, close, keep: () => replaceFolder(work, kept) };
	} catch (error) {
		await lock.release();
		throw asPollError(error);
	}
}

/**
 * A sync that failed may leave Astro a store save on its timer: that run's folder goes when the
 * process does, never under a pending save. One listener for every run of the process.
 */
const foldersToRemove = new Set<string>();
function removeAtExit(folder: string): void {
	if (foldersToRemove.size === 0)
		process.once('exit', () => {
			for (const path of foldersToRemove) rmSync(path, { recursive: true, force: true });
		});
	foldersToRemove.add(folder);
}

async function removeNow(folder: string): Promise<void> {
	foldersToRemove.delete(folder);
	await rm(folder, { recursive: true, force: true });
}

/** Every collection the loader wrote a file for, as `collection/entryId` → page digest. */
async function readSyncPages(
	folder: string,
	root: string,
): Promise<{ collections: string[]; pages: PageDigests }> {
	const names = (await readdir(folder).catch(() => [] as string[])).filter((name) =>
		name.endsWith(POLL_PAGES_EXTENSION),
	);
	const pages: PageDigests = {};
	const collections: string[] = [];
	for (const name of names.sort()) {
		const file = await readPollPages(join(folder, name));
		if (!file) continue;
		collections.push(file.collection);
		for (const { entries } of Object.values(file.locales))
			for (const [id, value] of Object.entries(entries))
				pages[`${file.collection}/${id}`] = pageDigestOf(value);
	}
	if (collections.length === 0)
		throw new CommandUsageError(
			`No content collection of the site in ${root} uses productsLoader(): run poll in the site's folder, and define the collection in src/content.config.ts with loader: productsLoader({ … })`,
		);
	return { collections, pages };
}

/** The new files replace the old ones as a whole: a collection gone leaves no file behind. */
async function replaceFolder(from: string, to: string): Promise<void> {
	const next = `${to}.${process.pid}.next`;
	const old = `${to}.${process.pid}.old`;
	await rm(next, { recursive: true, force: true });
	await cp(from, next, { recursive: true, filter: (path) => !path.endsWith('.tmp') });
	await rename(to, old).catch(ignoreMissing);
	await rename(next, to);
	await rm(old, { recursive: true, force: true });
}

function ignoreMissing(error: NodeJS.ErrnoException): void {
	if (error.code !== 'ENOENT') throw error;
}

/**
 * A busy lock stays busy, a usage error stays one; loader errors name their endpoint; anything
 * else is the site's sync.
 */
function asPollError(error: unknown): PollError | CommandUsageError {
	for (let cause = error; cause instanceof Error; cause = cause.cause)
		if (cause instanceof PollError || cause instanceof CommandUsageError) return cause;
	const message = error instanceof Error ? error.message : String(error);
	// Options the loader refused: the site needs a fix, a later run would fail the same way.
	if (errorCode(error) === ERROR_CODES.options)
		return new CommandUsageError(`The site's options are wrong: ${message}`, {
			cause: error,
		});
	// Vite's module runner loads another instance of the error classes: `instanceof` fails there.
	const what =
		error instanceof AudioReviewsError || errorCode(error) !== undefined
			? 'The catalogue sync failed'
			: 'The site\'s content sync ("astro sync") failed';
	return new PollError(
		`${what}: ${message}. Nothing was called; the next run tries again`,
		'service',
		{
			cause: error,
		},
	);
}
