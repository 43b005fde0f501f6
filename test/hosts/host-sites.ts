import { spawn } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { type BuiltSite, buildFolder } from '../helpers/build-fixture.js';
import { startDev } from '../helpers/dev-server.js';
import { readDocs } from '../helpers/markdown.js';
import { outsideSitesFolder } from '../helpers/outside-site.js';
import { REPO_ROOT, sh } from '../helpers/shell.js';

/**
 * The Netlify and Vercel recipes of docs/on-demand.md as written: each host's own files (its config
 * file, astro.config.mjs) with the live collection and pages of the on-demand recipe, built with the
 * host's adapter; and the function it builds, run in Node by host-runner.mjs as the host calls it.
 */

export type Host = 'netlify' | 'vercel';

const recipes = readDocs()
	.flatMap((page) => page.blocks)
	.filter((block) => block.title);
export const hostFiles = (host: Host) => recipes.filter((block) => block.site === host);
const pagesOfTheRecipe = recipes.filter(
	(block) => block.site === 'on-demand' && block.title!.startsWith('src/'),
);
export const EXAMPLE_BASE_URL = 'https://api.example.com';
export const recipeFile = (host: Host, title: string) =>
	hostFiles(host).find((block) => block.title === title)?.code ?? '';

async function writeRecipe(host: Host, root: string): Promise<void> {
	await rm(root, { recursive: true, force: true });
	for (const block of [...hostFiles(host), ...pagesOfTheRecipe]) {
		await mkdir(dirname(join(root, block.title!)), { recursive: true });
		await writeFile(join(root, block.title!), `${block.code}\n`);
	}
}

/** Writes the recipe under test/.tmp (the package resolves as in a shop's node_modules) and builds it. */
export async function buildHostRecipe(
	host: Host,
	env: Record<string, string>,
): Promise<{ root: string; site: BuiltSite }> {
	const root = join(REPO_ROOT, 'test/.tmp', `host-${host}-${process.pid}`);
	await writeRecipe(host, root);
	const site = await buildFolder(root, { child: true, env }).catch(
		(error: Error & { output?: string }) => {
			throw new Error(`${error.message} in ${root}:\n${error.output ?? ''}`);
		},
	);
	return { root, site };
}

/**
 * `astro check` of the recipe in a fresh site outside the repository (no @types/node in reach), as
 * the other recipes are checked; returns its summary line.
 */
export async function checkHostRecipe(host: Host, websiteId: string): Promise<string> {
	const folder = await outsideSitesFolder(`aar-${host}-`);
	const root = join(folder, 'site');
	try {
		await writeRecipe(host, root);
		const tsconfig = {
			extends: 'astro/tsconfigs/strict',
			compilerOptions: { allowJs: true, checkJs: true, preserveSymlinks: true },
			include: ['.astro/types.d.ts', '**/*'],
			exclude: ['dist'],
		};
		await writeFile(join(root, 'tsconfig.json'), JSON.stringify(tsconfig));
		const astro = join(REPO_ROOT, 'node_modules/.bin/astro');
		const { stdout } = await sh(astro, ['check', '--root', root], root, {
			AUDIO_REVIEWS_WEBSITE_ID: websiteId,
		});
		return stdout;
	} finally {
		await rm(folder, { recursive: true, force: true });
	}
}

export interface HostFunction {
	url: string;
	log: () => string;
	close: () => Promise<void>;
}

const RUNNER = fileURLToPath(new URL('./host-runner.mjs', import.meta.url));

/** The built function behind a loopback server, with `env` as the host's function environment. */
export async function startHostFunction(
	host: Host,
	root: string,
	env: Record<string, string | undefined>,
): Promise<HostFunction> {
	const environment: Record<string, string> = {};
	for (const [name, value] of Object.entries({ ...process.env, ...env }))
		if (value !== undefined) environment[name] = value;
	const child = spawn(process.execPath, [RUNNER, host, root], {
		cwd: root,
		stdio: ['ignore', 'pipe', 'pipe'],
		env: environment,
	});
	let log = '';
	let exited = false;
	const exit = new Promise<void>((resolve) =>
		child.once('exit', () => {
			exited = true;
			resolve();
		}),
	);
	const port = await new Promise<number>((resolve, reject) => {
		const read = (chunk: Buffer) => {
			log += chunk.toString();
			const listening = /listening (\d+)/.exec(log);
			if (listening) resolve(Number(listening[1]));
		};
		child.stdout.on('data', read);
		child.stderr.on('data', read);
		void exit.then(() => reject(new Error(`the ${host} function exited before serving:\n${log}`)));
	});
	const close = async () => {
		if (exited) return;
		child.kill('SIGTERM');
		await exit;
	};
	return { url: `http://127.0.0.1:${port}`, log: () => log, close };
}

/**
 * The invalidate webhook under `astro dev` of a host's recipe: Astro keeps no route cache there,
 * so it answers 501 saying so and how to test a purge locally, never "set cache.provider".
 */
export async function expectDevAnswer(root: string, env: Record<string, string>, secret: string) {
	const dev = await startDev(
		root,
		{ ...env, AUDIO_REVIEWS_WEBHOOK_SECRET: secret },
		{
			ready: /Local\s+http/,
		},
	);
	try {
		const response = await fetch(`${dev.origin}/_audio-reviews/invalidate`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
			body: '{"ref":"SKU-00001"}',
		});
		expect(response.status, dev.log()).toBe(501);
		const body = (await response.json()) as { error: string; message: string };
		expect(body.error).toBe('cache_disabled_in_dev');
		expect(body.message).toContain('Astro turns route caching off in `astro dev`');
		expect(body.message).toContain('Testing a purge locally');
		expect(body.message).not.toContain('set `cache.provider`');
	} finally {
		await dev.stop();
	}
}
