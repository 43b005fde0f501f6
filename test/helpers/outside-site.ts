import { mkdir, mkdtemp, readdir, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './shell.js';

/** What of the repository a site sees as the installed package: its `files`, `package.json`, no `node_modules`. */
const PACKAGE_PARTS = ['package.json', 'integration', 'simulator'];

/**
 * A folder outside the repository for sites that must see only what a shop's fresh install gives:
 * its `node_modules` links every package of the repository's but the `@types` scope, and
 * `astro-audio-reviews` without the repository's own `node_modules`. Nothing above it holds an
 * `@types/node`, so with `preserveSymlinks` in a site's tsconfig (TypeScript then walks up from
 * the link, not from the repository) a file that leans on Node's globals (`process`) fails
 * `astro check` there as it does in a shop's site.
 */
export async function outsideSitesFolder(prefix: string): Promise<string> {
	const folder = await mkdtemp(join(tmpdir(), prefix));
	const modules = join(folder, 'node_modules');
	await mkdir(join(modules, 'astro-audio-reviews'), { recursive: true });
	for (const name of await readdir(join(REPO_ROOT, 'node_modules'))) {
		if (name === '@types' || name.startsWith('.')) continue;
		await symlink(join(REPO_ROOT, 'node_modules', name), join(modules, name));
	}
	for (const part of PACKAGE_PARTS)
		await symlink(join(REPO_ROOT, part), join(modules, 'astro-audio-reviews', part));
	return folder;
}
