import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { REPO_ROOT, sh } from '../helpers/shell.js';
import { traced } from '../helpers/trace.js';

/**
 * The packed-package tests' tarball and installed sites, made once per `vitest run` and shared by
 * its test files (each file runs in a fork of the same run: `process.ppid`). The tarball is keyed
 * on the content npm packs, a site on its package.json (the tarball's key in it): two files that
 * install the same dependencies get one `npm install`, and each builds its own site in a folder of
 * its own beside that `node_modules` (outside the repository, so only what was installed resolves).
 * Two workers asking at once: one makes it under a lock, the other waits for its `done` mark.
 */
const RUN = join(tmpdir(), `aar-pack-run-${process.ppid}`);
const DONE = '.aar-done';

/** Runs of which nothing is left to share: their vitest is gone and an hour has passed. */
async function pruneOldRuns(): Promise<void> {
	for (const name of await readdir(tmpdir())) {
		const pid = /^aar-pack-run-(\d+)$/.exec(name)?.[1];
		if (!pid || Number(pid) === process.ppid || alive(Number(pid))) continue;
		const path = join(tmpdir(), name);
		const age = Date.now() - (await stat(path).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
		if (age > 3_600_000) await rm(path, { recursive: true, force: true }).catch(() => undefined);
	}
}

function alive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/**
 * `make`s the folder `RUN/key` once in the run: the first caller under a lock (a folder, created
 * atomically, holding its pid), the others wait for its done mark; a holder that died is replaced.
 */
async function once(key: string, make: (dir: string) => Promise<void>): Promise<string> {
	await mkdir(RUN, { recursive: true });
	const dir = join(RUN, key);
	const lock = `${dir}.lock`;
	for (;;) {
		if (existsSync(join(dir, DONE))) return dir;
		try {
			await mkdir(lock);
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			const holder = Number(await readFile(join(lock, 'pid'), 'utf8').catch(() => '0'));
			if (holder && !alive(holder)) await rm(lock, { recursive: true, force: true });
			// The holder's install takes seconds to minutes: a short wait costs nothing.
			else await sleep(250);
			continue;
		}
		try {
			await writeFile(join(lock, 'pid'), String(process.pid));
			if (existsSync(join(dir, DONE))) return dir;
			await rm(dir, { recursive: true, force: true });
			await mkdir(dir, { recursive: true });
			await make(dir);
			await writeFile(join(dir, DONE), '');
			return dir;
		} finally {
			await rm(lock, { recursive: true, force: true });
		}
	}
}

/** What npm packs (package.json's `files`, and the files npm always adds), hashed. */
async function packageContentKey(): Promise<string> {
	const manifest = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as {
		files: string[];
	};
	const hash = createHash('sha256');
	const add = async (path: string) => {
		const info = await stat(path).catch(() => undefined);
		if (!info) return;
		if (info.isDirectory()) {
			for (const name of (await readdir(path)).sort()) await add(join(path, name));
			return;
		}
		hash
			.update(relative(REPO_ROOT, path))
			.update('\0')
			.update(await readFile(path))
			.update('\0');
	};
	for (const name of ['package.json', 'README.md', 'LICENSE']) await add(join(REPO_ROOT, name));
	for (const entry of manifest.files) {
		const glob = /^(.*)\/\*(\.\w+)$/.exec(entry);
		if (!glob) await add(join(REPO_ROOT, entry));
		else
			for (const name of (await readdir(join(REPO_ROOT, glob[1]!))).sort())
				if (name.endsWith(glob[2]!)) await add(join(REPO_ROOT, glob[1]!, name));
	}
	return hash.digest('hex').slice(0, 16);
}

let tarball: Promise<string> | undefined;

/** The repository packed by `npm pack`, once per run and package content. */
export function packedTarball(): Promise<string> {
	tarball ??= (async () => {
		if (!existsSync(join(REPO_ROOT, 'integration/dist/entries/integration.js')))
			throw new Error(
				'integration/dist is missing: run `npm run build:pkg` (npm test does) before this test',
			);
		await pruneOldRuns();
		const dir = await once(`pack-${await packageContentKey()}`, (into) =>
			traced('pack', {}, async () => {
				// --ignore-scripts: prepack's tsc must not rewrite integration/dist under other test files.
				await sh(
					'npm',
					['pack', '--silent', '--ignore-scripts', '--pack-destination', into],
					REPO_ROOT,
				);
			}),
		);
		const [file] = (await readdir(dir)).filter((name) => name.endsWith('.tgz'));
		if (!file) throw new Error(`npm pack left no tarball in ${dir}`);
		return join(dir, file);
	})();
	return tarball;
}

export interface SiteDependencies {
	dependencies: Record<string, string>;
	devDependencies: Record<string, string>;
}

/**
 * A folder with `dependencies` and the packed tarball (as `astro-audio-reviews`) installed, once
 * per run and set of dependencies. Its `node_modules` is shared: build sites in `siteFolder`s.
 */
export async function installedSite(deps: SiteDependencies): Promise<string> {
	const pack = await packedTarball();
	const manifest = {
		name: 'aar-packed-site',
		private: true,
		type: 'module',
		dependencies: { ...deps.dependencies, 'astro-audio-reviews': `file:${pack}` },
		devDependencies: deps.devDependencies,
	};
	const key = createHash('sha256').update(JSON.stringify(manifest)).digest('hex').slice(0, 16);
	return once(`site-${key}`, (dir) =>
		traced('install', { deps: manifest }, async () => {
			await writeFile(join(dir, 'package.json'), JSON.stringify(manifest));
			const flags = ['--no-audit', '--no-fund', '--loglevel=error'];
			// npm's cache first; what it lacks (a minor no earlier run installed) from the registry.
			await sh('npm', ['install', '--offline', ...flags], dir).catch(async () => {
				await rm(join(dir, 'node_modules'), { recursive: true, force: true });
				await rm(join(dir, 'package-lock.json'), { force: true });
				await sh('npm', ['install', '--prefer-offline', ...flags], dir);
			});
		}),
	);
}

/** A new, empty site folder of this test file beside `installed`'s node_modules. */
export function siteFolder(installed: string, name: string): Promise<string> {
	return mkdtemp(join(installed, `${name}-`));
}

/** The repository's own installed version of `name` (node_modules). */
export async function installedVersion(name: string): Promise<string> {
	const path = join(REPO_ROOT, 'node_modules', name, 'package.json');
	return (JSON.parse(await readFile(path, 'utf8')) as { version: string }).version;
}
