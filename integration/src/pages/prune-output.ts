import { existsSync, realpathSync, rmdirSync, statSync, unlinkSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** With `emptyOutDir: false`, Astro keeps unchanged pages in place: stale ones must be deleted. */
export interface PruneContext {
	dir: string;
	outputs: ReadonlySet<string>;
	previousPages: ReadonlySet<string>;
	startedAt: number;
	publicDir: string;
}

export function pruneStalePages(context: PruneContext): { removed: string[]; refused: string[] } {
	const removed: string[] = [];
	const refused: string[] = [];
	for (const file of context.previousPages) {
		if (!isPagePathInside(context.dir, file)) {
			refused.push(String(file));
			continue;
		}
		if (!isLeftover(context, file)) continue;
		const path = join(context.dir, ...file.split('/'));
		unlinkSync(path);
		removed.push(file);
		removeEmptyParents(dirname(path), context.dir);
	}
	return { removed: removed.sort(), refused };
}

/** Pages, and the XML files the package writes beside them (the review feed). */
const PRUNABLE_FILE = /\.(?:html|xml)$/;

/**
 * Relative page paths only (no empty, `.` or `..` segment, no backslash or NUL), and still inside
 * `dir` once links are resolved: a link in dist/ must not carry a deletion out of it.
 */
export function isPagePathInside(dir: string, file: unknown): file is string {
	if (typeof file !== 'string' || !PRUNABLE_FILE.test(file) || /[\\\0]/.test(file)) return false;
	if (file.split('/').some((segment) => segment === '' || segment === '.' || segment === '..'))
		return false;
	const path = join(dir, ...file.split('/'));
	if (!isWithin(dir, path)) return false;
	try {
		return isWithin(realpathSync(dir), realpathSync(dirname(path)));
	} catch {
		return true; // The folder is gone: nothing there to delete or read.
	}
}

function isWithin(root: string, path: string): boolean {
	const rel = relative(root, path);
	return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** HTML files no route output now, nor written during the build, nor from `public/`. */
export function leftoverFiles(
	context: Omit<PruneContext, 'previousPages'>,
	files: readonly string[],
): string[] {
	return files.filter((file) => isLeftover(context, file));
}

function isLeftover(context: Omit<PruneContext, 'previousPages'>, file: string): boolean {
	const path = join(context.dir, ...file.split('/'));
	if (context.outputs.has(path) || existsSync(join(context.publicDir, ...file.split('/'))))
		return false;
	try {
		return statSync(path).mtimeMs < context.startedAt;
	} catch {
		return false; // Already gone.
	}
}

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
