import { open, readFile, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PollError } from '../errors/errors.js';
import { decodeOwnValue } from '../files/own-file.js';
import { pollLockHolderSchema } from '../schema/own-files.js';

/**
 * One run at a time per state folder: the lock is created with O_EXCL and names its holder
 * (pid, host), so two runs never both sync, compare and call for one change. A second run
 * waits for the first and then compares with the state the first wrote: the change is called
 * once and never lost. A lock whose process is gone (killed run) is taken over.
 */
const LOCK_FILE = 'lock';
const RETRY_MS = 200;
/** A lock of another host (a shared folder) cannot be checked by pid: past this age it is stale. */
const FOREIGN_STALE_MS = 60 * 60 * 1000;

interface Holder {
	pid: number;
	host: string;
	at: string;
}

export interface PollLock {
	release(): Promise<void>;
}

export async function acquireLock(folder: string, waitMs: number): Promise<PollLock> {
	const path = join(folder, LOCK_FILE);
	const deadline = Date.now() + waitMs;
	const me: Holder = { pid: process.pid, host: hostname(), at: new Date().toISOString() };
	for (;;) {
		try {
			const handle = await open(path, 'wx');
			await handle.writeFile(JSON.stringify(me));
			await handle.close();
			return { release: () => unlink(path).catch(() => undefined) };
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
		}
		const holder = await readHolder(path);
		if (await isStale(path, holder)) {
			await unlink(path).catch(() => undefined);
			continue;
		}
		if (Date.now() >= deadline)
			throw new PollError(
				`Another poll (${holder ? `pid ${holder.pid} on ${holder.host} since ${holder.at}` : 'unknown holder'}) still holds ${path}: this run checked nothing and called nothing; the next run will. Delete the file only if no poll is running`,
				'busy',
			);
		await sleep(RETRY_MS);
	}
}

/** Being written this instant, or damaged, is no holder: the lock is judged by its age. */
async function readHolder(path: string): Promise<Holder | undefined> {
	const text = await readFile(path, 'utf8').catch(() => undefined);
	return decodeOwnValue(pollLockHolderSchema, text);
}

async function isStale(path: string, holder: Holder | undefined): Promise<boolean> {
	if (holder && holder.host === hostname()) return !isAlive(holder.pid);
	const age = await stat(path).then(
		(info) => Date.now() - info.mtimeMs,
		() => 0,
	);
	return age > (holder ? FOREIGN_STALE_MS : 10_000);
}

function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}
