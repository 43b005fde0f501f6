import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, rm, symlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = join(REPO, 'test', 'fixtures');

/** Astro 7 needs Node >= 22.12: the repository pins Node 24 as a dev dependency. */
export const NODE = existsSync(join(REPO, 'node_modules', 'node', 'bin', 'node'))
	? join(REPO, 'node_modules', 'node', 'bin', 'node')
	: process.execPath;

function run(command, args, options) {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
		let output = '';
		// Build logs go to stderr: stdout carries only the figures.
		const forward = (chunk) => {
			output += chunk;
			if (options.verbose) process.stderr.write(chunk);
		};
		child.stdout.on('data', forward);
		child.stderr.on('data', forward);
		child.on('error', reject);
		child.on('close', (code) =>
			code === 0
				? resolve(output)
				: reject(
						new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output.slice(-4000)}`),
					),
		);
	});
}

/**
 * Copies test/fixtures/on-demand (then each of `overlays`, fixtures that change a few of its
 * files) into bench/.tmp/<name>/site and runs `astro build` there on Node 24. The copy imports
 * the package by name, as a user's site does, through a `node_modules/astro-audio-reviews` link
 * to `packageDir`: this repository, or another checkout of the package a figure compares. The
 * folder sits under that checkout, so the site's nearest package.json resolves its `#internal/…`.
 * @param {Record<string, string>} env
 * @param {{ verbose?: boolean, overlays?: string[], packageDir?: string, name?: string }} [options]
 */
export async function buildSite(
	env,
	{ verbose = false, overlays = [], packageDir = REPO, name = 'live' } = {},
) {
	const work = join(packageDir, 'bench', '.tmp', name);
	const site = join(work, 'site');
	await rm(site, { recursive: true, force: true });
	await mkdir(join(work, 'node_modules'), { recursive: true });
	const link = join(work, 'node_modules', 'astro-audio-reviews');
	await rm(link, { force: true, recursive: true });
	await symlink(packageDir, link, 'dir');
	for (const fixture of ['on-demand', ...overlays])
		await cp(join(FIXTURES, fixture), site, { recursive: true });
	const started = performance.now();
	await run(
		NODE,
		[join(REPO, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build', '--root', site],
		{
			cwd: site,
			env: { ...process.env, ...env },
			verbose,
		},
	);
	return { site, dist: join(site, 'dist'), buildMs: performance.now() - started };
}

export async function freePort() {
	const server = createServer();
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address();
	await new Promise((resolve) => server.close(resolve));
	return port;
}

/**
 * @typedef {object} StandaloneServer
 * @property {string} url `http://127.0.0.1:<port>`
 * @property {() => string} log Everything the server printed, for failure messages.
 * @property {() => boolean} alive Whether the process still runs (a crash would end it).
 * @property {() => Promise<void>} close
 */

/**
 * Starts `dist/server/entry.mjs` of an `@astrojs/node` standalone build as a child process on
 * loopback, on Node 24 (Astro 7's server output needs it, whatever runs the caller). Entries of
 * `env` set to undefined are removed from the inherited environment. Shared by bench/live.mjs
 * and the tests of test/live/.
 *
 * @param {string} dist
 * @param {Record<string, string | undefined>} env
 * @param {{ nodeArgs?: string[] }} [options] Node's own arguments, e.g. `['--import', file]`.
 * @returns {Promise<StandaloneServer>}
 */
export async function startServer(dist, env, options = {}) {
	const port = await freePort();
	/** @type {Record<string, string | undefined>} */
	const merged = { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) };
	for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
	const child = spawn(NODE, [...(options.nodeArgs ?? []), join(dist, 'server', 'entry.mjs')], {
		env: merged,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let log = '';
	child.stdout.on('data', (c) => (log += c));
	child.stderr.on('data', (c) => (log += c));
	let exited = false;
	/** @type {Promise<void>} */
	const exit = new Promise((resolve) =>
		child.once('exit', () => {
			exited = true;
			resolve();
		}),
	);
	const url = `http://127.0.0.1:${port}`;
	const deadline = Date.now() + 30_000;
	for (;;) {
		if (exited) throw new Error(`server exited before listening:\n${log}`);
		try {
			await fetch(`${url}/`, { signal: AbortSignal.timeout(1000) });
			break;
		} catch {
			if (Date.now() > deadline) throw new Error(`server did not listen within 30 s:\n${log}`);
			await new Promise((r) => setTimeout(r, 100));
		}
	}
	return {
		url,
		log: () => log,
		alive: () => !exited,
		close: async () => {
			if (exited) return;
			child.kill('SIGTERM');
			await Promise.race([exit, new Promise((r) => setTimeout(r, 5000))]);
			if (!exited) child.kill('SIGKILL');
		},
	};
}
