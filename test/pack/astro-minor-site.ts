import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { type CodeBlock, DEFAULT_SITE, readDocs } from '../helpers/markdown.js';
import { REPO_ROOT, sh } from '../helpers/shell.js';

/**
 * The compatibility matrix's sites: the newest patch of each Astro 7 minor the peer range admits,
 * with the `@astrojs/node` release that accepts it, installed from the npm registry (npm's own
 * cache makes a second run cheap) into a folder outside the repository, with the packed tarball.
 */

/** `npm test` runs the oldest and the newest minor; `npm run test:compat` (this variable) every one. */
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

async function npmView(spec: string, field: string): Promise<unknown> {
	const { stdout } = await sh('npm', ['view', spec, field, '--json'], REPO_ROOT);
	return JSON.parse(stdout) as unknown;
}

const packageJson = async (path: string) =>
	JSON.parse(await readFile(join(path, 'package.json'), 'utf8')) as {
		version: string;
		peerDependencies?: Record<string, string>;
		devDependencies?: Record<string, string>;
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

/** The newest `@astrojs/node` of the major the repository uses whose peer range admits `astro`. */
export async function nodeAdapterFor(astro: string): Promise<string> {
	const major = (await packageJson(join(REPO_ROOT, 'node_modules/@astrojs/node'))).version.split(
		'.',
	)[0];
	const spec = `@astrojs/node@^${major}`;
	const versions = (await npmView(spec, 'version')) as string[];
	const peers = (await npmView(spec, 'peerDependencies.astro')) as string[];
	const fit = versions.filter(
		(version, i) => parseVersion(version) && inCaretRange(astro, peers[i]!),
	);
	if (fit.length === 0) throw new Error(`No ${spec} release accepts astro@${astro}`);
	return fit.at(-1)!;
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

/** Installs astro@`astro`, its node adapter, `astro check` and the tarball into `dir`. */
export async function installSite(dir: string, astro: string, tarball: string): Promise<string> {
	const repo = await packageJson(REPO_ROOT);
	const adapter = await nodeAdapterFor(astro);
	await mkdir(dir, { recursive: true });
	await writeFile(
		join(dir, 'package.json'),
		JSON.stringify({
			name: `compat-${astro.replaceAll('.', '-')}`,
			private: true,
			type: 'module',
			dependencies: {
				astro,
				'@astrojs/node': adapter,
				'astro-audio-reviews': `file:${tarball}`,
			},
			devDependencies: {
				'@astrojs/check': repo.devDependencies!['@astrojs/check']!,
				typescript: repo.devDependencies!.typescript!,
			},
		}),
	);
	// --prefer-offline: what npm's cache holds from an earlier run is not asked again.
	await sh(
		'npm',
		['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'],
		dir,
	);
	return adapter;
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
