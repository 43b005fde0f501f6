import { existsSync, rmdirSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * With `vite.build.emptyOutDir: false` Astro keeps the previous `dist/` and its incremental
 * build leaves unchanged pages in place ("(cached)") instead of copying them back from its
 * cache. But it then never deletes anything either: the page of a product removed from the
 * catalogue would stay published. Astro prunes such orphans from its own cache only, so the
 * integration prunes them from the output.
 *
 * A file is stale only when all of these hold, so nothing that another part of the build
 * wrote is ever touched:
 * - it is an `.html` file that the previous build listed as a page (the page manifest);
 * - no route of this build output it (`astro:build:done`'s `assets`, cached pages included);
 * - it was not written during this build (older than the build's start);
 * - it is not a file of `public/` (copied as is, never a route).
 */
export interface PruneContext {
	/** The folder Astro wrote the static pages to. */
	dir: string;
	/** Every file the routes of this build output, written or kept in place. */
	outputs: ReadonlySet<string>;
	/** Relative paths (posix) of the HTML files the previous build listed as pages. */
	previousPages: ReadonlySet<string>;
	/** When this build started (ms since the epoch). */
	startedAt: number;
	publicDir: string;
}

/** Deletes stale pages (and the folders they leave empty); returns their relative paths. */
export function pruneStalePages(context: PruneContext): string[] {
	const removed: string[] = [];
	for (const file of context.previousPages) {
		if (!isLeftover(context, file)) continue;
		const path = join(context.dir, ...file.split('/'));
		unlinkSync(path);
		removed.push(file);
		removeEmptyParents(dirname(path), context.dir);
	}
	return removed.sort();
}

/**
 * HTML files that no route of this build output, not written during it and not from `public/`:
 * what pruning would delete if they were known pages. Without the previous build's page list
 * they cannot be told from files someone else put there, so they are only counted, for a warning.
 */
export function leftoverFiles(context: Omit<PruneContext, 'previousPages'>, files: readonly string[]): string[] {
	return files.filter((file) => isLeftover(context, file));
}

function isLeftover(context: Omit<PruneContext, 'previousPages'>, file: string): boolean {
	const path = join(context.dir, ...file.split('/'));
	if (context.outputs.has(path) || existsSync(join(context.publicDir, ...file.split('/')))) return false;
	try {
		return statSync(path).mtimeMs < context.startedAt;
	} catch {
		return false; // Already gone.
	}
}

/** Absolute paths of every file in `assets` of `astro:build:done`. */
export function outputFiles(assets: ReadonlyMap<string, readonly URL[]>): Set<string> {
	const files = new Set<string>();
	for (const urls of assets.values()) for (const url of urls) files.add(fileURLToPath(url));
	return files;
}

function removeEmptyParents(folder: string, root: string): void {
	const inside = root.endsWith(sep) ? root : root + sep;
	while (folder.startsWith(inside)) {
		try {
			rmdirSync(folder); // Fails on a non-empty folder, which ends the walk.
		} catch {
			return;
		}
		folder = dirname(folder);
	}
}
