import { mkdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Fixture sites are copied under test/.tmp and import the package by its name, as a user's
 * site does: a `node_modules/astro-audio-reviews` link there resolves to this repository, so
 * `exports` of package.json is what they get.
 */
export default async function setup(): Promise<() => Promise<void>> {
	const modules = fileURLToPath(new URL('./.tmp/node_modules/', import.meta.url));
	await mkdir(modules, { recursive: true });
	const link = `${modules}astro-audio-reviews`;
	await rm(link, { force: true, recursive: true });
	await symlink(fileURLToPath(new URL('../', import.meta.url)), link, 'dir');
	// The packed tarball and installed sites the run's files shared (test/pack/packed-site.ts,
	// keyed on this process, their forks' parent): hundreds of megabytes, of no use once it ends.
	return () => rm(join(tmpdir(), `aar-pack-run-${process.pid}`), { recursive: true, force: true });
}
