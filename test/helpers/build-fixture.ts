import { spawn } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { build } from 'astro';
import { inThisProcess, siteEnv, textOf } from './in-process.js';
import { traced } from './trace.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
const TMP = fileURLToPath(new URL('../.tmp/', import.meta.url));

export interface BuiltSite {
	root: string;
	dist: string;
	/** Everything Astro logged during the build (stdout and stderr). */
	output: string;
	read(path: string): Promise<string>;
	/** Site-relative paths of every written HTML file, e.g. `/products/x/index.html`. */
	htmlFiles(): Promise<string[]>;
}

export interface BuildOptions {
	/** Environment the fixture's configs read (AUDIO_REVIEWS_*), set for the build only. */
	env?: Record<string, string | undefined>;
	/** Reuse an earlier build's folder (store, incremental cache, dist) instead of a fresh copy. */
	reuse?: BuiltSite;
	/** Name of the copy, for reading artifacts after a failure. */
	label?: string;
	/** Fixtures copied first, in order, under this one: a variant fixture holds only the files it changes. */
	extends?: string | readonly string[];
	/**
	 * Run `astro build` in a child process, as a deploy hook does. Needed where builds of one
	 * site follow a failed build: Astro keeps process-wide content state that a failed build
	 * in the same process can leave stale.
	 */
	child?: boolean;
}

/**
 * Copies a fixture site into test/.tmp (so builds never share caches by accident) and runs
 * Astro's public `build()` on it, in this process, capturing its log.
 */
export async function buildFixture(name: string, options: BuildOptions = {}): Promise<BuiltSite> {
	const root =
		options.reuse?.root ?? join(TMP, `${options.label ?? name}-${process.pid}-${Date.now()}`);
	if (!options.reuse) {
		await rm(root, { recursive: true, force: true });
		await mkdir(root, { recursive: true });
		for (const base of [options.extends ?? []].flat())
			await cp(join(FIXTURES, base), root, { recursive: true });
		await cp(join(FIXTURES, name), root, { recursive: true });
	}
	const { env, extends: bases, reuse, child } = options;
	return traced('build', { fixture: name, extends: bases, reuse: !!reuse, child, env }, () =>
		buildFolder(root, { env, child, traced: true }),
	);
}

/** Runs `astro build` on a site folder already written (see `buildFixture` for the options). */
export async function buildFolder(
	root: string,
	options: Pick<BuildOptions, 'env' | 'child'> & { traced?: boolean } = {},
): Promise<BuiltSite> {
	if (!options.traced)
		return traced(
			'build',
			{ folder: relative(TMP, root), child: options.child, env: options.env },
			() => buildFolder(root, { ...options, traced: true }),
		);
	if (options.child) return buildInChild(root, siteEnv(options.env));
	// Kept, not echoed: the log is asserted on and attached to errors, and CI stays readable.
	const { result, written } = await inThisProcess(options.env ?? {}, () =>
		build({ root, logLevel: 'info' }),
	);
	const output = plain(textOf(written));
	if (result.status === 'rejected') {
		const error = result.reason instanceof Error ? result.reason : new Error(String(result.reason));
		throw Object.assign(error, { output });
	}
	return builtSite(root, output);
}

/**
 * Astro colours its log whenever the terminal (or CI's FORCE_COLOR) allows: the codes would
 * split the strings tests look for, so the captured log is kept as plain text.
 */
function plainLog(chunks: string[]): string {
	return plain(chunks.join(''));
}

async function buildInChild(
	root: string,
	env: Record<string, string | undefined>,
): Promise<BuiltSite> {
	const astro = fileURLToPath(new URL('../../node_modules/astro/bin/astro.mjs', import.meta.url));
	const childEnv: Record<string, string | undefined> = { ...process.env, ...env, FORCE_COLOR: '0' };
	for (const [key, value] of Object.entries(env)) if (value === undefined) delete childEnv[key];
	const { code, output } = await new Promise<{ code: number | null; output: string }>(
		(resolve, reject) => {
			// Vitest runs on the repository's Node 24, which Astro 7 needs: the child uses the same binary.
			const child = spawn(process.execPath, [astro, 'build', '--root', root], {
				env: childEnv as NodeJS.ProcessEnv,
				stdio: ['ignore', 'pipe', 'pipe'],
			});
			const chunks: string[] = [];
			child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
			child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
			child.on('error', reject);
			child.on('close', (exitCode) => resolve({ code: exitCode, output: plainLog(chunks) }));
		},
	);
	if (code !== 0) throw Object.assign(new Error(`astro build exited with ${code}`), { output });
	return builtSite(root, output);
}

function builtSite(root: string, output: string): BuiltSite {
	const dist = join(root, 'dist');
	return {
		root,
		dist,
		output,
		read: (path) => readFile(join(dist, path), 'utf8'),
		htmlFiles: async () => {
			const files = (await readdir(dist, { recursive: true })) as string[];
			return files
				.filter((file) => file.endsWith('.html'))
				.map((file) => `/${relative(dist, join(dist, file)).split('\\').join('/')}`)
				.sort();
		},
	};
}

/** Strips terminal colours and other control sequences (an error's message may carry them). */
export function plain(text: string): string {
	return stripVTControlCharacters(text);
}
