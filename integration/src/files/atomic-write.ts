// The one way the package writes a file others read (a report, a state, the feed, the dates):
// to a temporary file beside it, then renamed over it, so a process killed mid-write leaves the
// old file whole and a reader never sees half of one. `write-file-atomic` was weighed: it adds
// fsync, ownership and a per-file queue these files do not need, and cannot take a stream.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Beside the target (a rename never crosses file systems), one per process. */
function temporaryFor(path: string): string {
	return `${path}.${process.pid}.tmp`;
}

/**
 * Writes `path` whole or not at all. `write` fills the temporary file it is given (with
 * `writeFile`, or a stream for a document too large to hold); on failure it is removed.
 */
export async function writeAtomic(
	path: string,
	write: (temporary: string) => Promise<void>,
): Promise<void> {
	await mkdir(dirname(path), { recursive: true });
	const temporary = temporaryFor(path);
	try {
		await write(temporary);
		await rename(temporary, path);
	} catch (error) {
		await rm(temporary, { force: true });
		throw error;
	}
}

/** `writeAtomic` for a loader's synchronous step, with the whole text (or bytes) at hand. */
export function writeAtomicSync(path: string, text: string | Uint8Array): void {
	mkdirSync(dirname(path), { recursive: true });
	const temporary = temporaryFor(path);
	try {
		writeFileSync(temporary, text);
		renameSync(temporary, path);
	} catch (error) {
		rmSync(temporary, { force: true });
		throw error;
	}
}
