import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { type CodeBlock, DEFAULT_SITE, readDocs } from '../helpers/markdown.js';
import { REPO_ROOT, sh } from '../helpers/shell.js';
import { installedVersion, type SiteDependencies } from './packed-site.js';

/**
 * The compatibility matrix's sites: the newest patch of each Astro 7 minor the peer range admits,
 * with the `@astrojs/node` release that accepts it, installed (packed-site.ts) from npm's cache, or
 * the registry for what it lacks, into a folder outside the repository, with the packed tarball.
 */

/** `npm test` runs the oldest minor and a newest one not the repository's own; `npm run test:compat` (this variable) every one. */
export const ALL_MINORS = process.env.AUDIO_REVIEWS_COMPAT === 'all';

interface Version {
	major: number;
	minor: number;
	patch: number;
}

function parseVersion(text: string): Version | undefined {
	const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(text);
	return match ? { major: +match[1]!, minor: +match[2]!, patch: +match[3]! } : undefined;
}

const below = (a: Version, b: Version) =>
	a.major !== b.major
		? a.major < b.major
		: a.minor !== b.minor
			? a.minor < b.minor
			: a.patch < b.patch;

/** Whether `version` is in a caret range such as `^7.2.1` or `^7.0.0-alpha.2` (the forms the peers use). */
export function inCaretRange(version: string, range: string): boolean {
	const at = parseVersion(version);
	const floor = parseVersion(range.replace(/^\^/, '').replace(/-.*$/, ''));
	if (!at || !floor || !range.startsWith('^')) return false;
	return at.major === floor.major && !below(at, floor);
}

async function npmView(spec: string, ...fields: string[]): Promise<unknown> {
	const { stdout } = await sh('npm', ['view', spec, ...fields, '--json'], REPO_ROOT);
	return JSON.parse(stdout) as unknown;
}

const packageJson = async (path: string) =>
	JSON.parse(await readFile(join(path, 'package.json'), 'utf8')) as {
		peerDependencies?: Record<string, string>;
	};

/** The newest patch of each minor the package's peer range admits, oldest first. */
export async function astroMinors(): Promise<string[]> {
	const range = (await packageJson(REPO_ROOT)).peerDependencies!.astro!;
	const newest = new Map<number, Version>();
	for (const text of (await npmView('astro', 'versions')) as string[]) {
		const version = parseVersion(text);
		if (!version || !inCaretRange(text, range)) continue;
		const known = newest.get(version.minor);
		if (!known || below(known, version)) newest.set(version.minor, version);
	}
	return [...newest.values()]
		.sort((a, b) => a.minor - b.minor)
		.map(({ major, minor, patch }) => `${major}.${minor}.${patch}`);
}

let adapters: Promise<{ version: string; astro: string }[]> | undefined;

/** The newest `@astrojs/node` of the major the repository uses whose peer range admits `astro`. */
export async function nodeAdapterFor(astro: string): Promise<string> {
	// One `npm view` per run of this file: each release with its peer range, side by side.
	adapters ??= (async () => {
		const major = (await installedVersion('@astrojs/node')).split('.')[0];
		const releases = await npmView(`@astrojs/node@^${major}`, 'version', 'peerDependencies.astro');
		return (Array.isArray(releases) ? releases : [releases]).map((release) => {
			const fields = release as Record<string, string>;
			return { version: fields.version!, astro: fields['peerDependencies.astro'] ?? '' };
		});
	})();
	const fit = (await adapters).filter(
		(release) => parseVersion(release.version) && inCaretRange(astro, release.astro),
	);
	if (fit.length === 0) throw new Error(`No @astrojs/node release accepts astro@${astro}`);
	return fit.at(-1)!.version;
}

/** README's quick start and the on-demand recipe of docs/on-demand.md, as the docs print them. */
export function recipeFiles(site: 'quick-start' | 'on-demand'): Map<string, string> {
	const blocks = readDocs()
		.flatMap((page) => page.blocks)
		.filter((block): block is CodeBlock & { title: string } =>
			site === 'quick-start'
				? block.file === 'README.md' &&
					(block.site ?? DEFAULT_SITE) === DEFAULT_SITE &&
					!!block.title
				: block.site === 'on-demand' && !!block.title,
		);
	const files = new Map(blocks.map((block) => [block.title, block.code]));
	files.set(
		'tsconfig.json',
		JSON.stringify({
			extends: 'astro/tsconfigs/strict',
			include: ['.astro/types.d.ts', '**/*'],
			exclude: ['dist'],
		}),
	);
	return files;
}

/**
 * The dependencies of a site of Astro `astro`: its node adapter, `astro check` and TypeScript at
 * the repository's versions (the packed tarball is added by installedSite). The repository's own
 * minor's is own-site.test.ts's, and astro-minors.test.ts's under test:compat: one install for both.
 */
export async function siteDependencies(astro: string): Promise<SiteDependencies> {
	return {
		dependencies: { astro, '@astrojs/node': await nodeAdapterFor(astro) },
		devDependencies: {
			'@astrojs/check': await installedVersion('@astrojs/check'),
			typescript: await installedVersion('typescript'),
		},
	};
}

/** Writes `files` into `root`, the service's example address replaced by `baseUrl`. */
export async function writeFiles(
	root: string,
	files: Map<string, string>,
	baseUrl: string,
): Promise<void> {
	for (const [path, code] of files) {
		await mkdir(dirname(join(root, path)), { recursive: true });
		await writeFile(join(root, path), code.replaceAll('https://api.example.com', baseUrl));
	}
}

/** The site's installed Astro (never the repository's). */
export const astroBin = (dir: string) => {
	const bin = join(dir, 'node_modules/astro/bin/astro.mjs');
	if (!existsSync(bin)) throw new Error(`astro is not installed in ${dir}`);
	return bin;
};

/** A port nothing listens on now, for the node adapter's standalone server. */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as { port: number };
			server.close(() => resolve(port));
		});
	});
}
