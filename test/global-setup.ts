import { mkdir, readdir, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Fixture sites are copied under test/.tmp and import the package by its name, as a user's
 * site does: a `node_modules/astro-audio-reviews` link there resolves to this repository, so
 * `exports` of package.json is what they get.
 */
export default async function setup(): Promise<() => Promise<void>> {
	const sites = fileURLToPath(new URL('./.tmp/', import.meta.url));
	await pruneOldSites(sites);
	const modules = join(sites, 'node_modules/');
	await mkdir(modules, { recursive: true });
	const link = `${modules}astro-audio-reviews`;
	await rm(link, { force: true, recursive: true });
	await symlink(fileURLToPath(new URL('../', import.meta.url)), link, 'dir');
	// The packed tarball and installed sites the run's files shared (test/pack/packed-site.ts,
	// keyed on this process, their forks' parent): hundreds of megabytes, of no use once it ends.
	return () => rm(join(tmpdir(), `aar-pack-run-${process.pid}`), { recursive: true, force: true });
}

/**
 * The copies a run leaves in test/.tmp stay for reading after a failure, until a later run: those
 * untouched for an hour go (no run of the suite, this one or another at once, takes that long).
 */
async function pruneOldSites(sites: string): Promise<void> {
	const names = await readdir(sites).catch(() => [] as string[]);
	for (const name of names) {
		if (name === 'node_modules') continue;
		const path = join(sites, name);
		const modified = await stat(path).then(
			(info) => info.mtimeMs,
			() => Date.now(),
		);
		if (Date.now() - modified > 3_600_000) await rm(path, { recursive: true, force: true });
	}
}
