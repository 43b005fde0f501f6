import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import {
	type HookReceiver,
	runPollCli,
	startHookReceiver,
} from '../helpers/deploy-hook-receiver.js';
import { sh } from '../helpers/shell.js';
import { traced } from '../helpers/trace.js';
import {
	ALL_MINORS,
	astroBin,
	astroMinors,
	freePort,
	nodeAdapterFor,
	recipeFiles,
	siteDependencies,
	writeFiles,
} from './astro-minor-site.js';
import { installedSite, installedVersion, siteFolder } from './packed-site.js';

/**
 * The compatibility matrix: for the newest patch of each Astro 7 minor the peer range admits,
 * installed with the packed tarball and the `@astrojs/node` release that accepts it, the README's
 * quick start builds its pages and passes `astro check`, the on-demand recipe serves a product
 * page from that adapter's server, and `audio-reviews poll` runs its deploy cases. `npm run
 * test:compat` takes every minor. `npm test` takes the oldest, and the newest unless it is the
 * repository's own Astro and adapter: every other file builds, checks, serves and polls with
 * those, and packed-tarball.test.ts and own-site.test.ts do it through the packed tarball.
 */
const MINORS = await astroMinors();
const NEWEST = MINORS.at(-1)!;
const NEWEST_IS_OWN =
	NEWEST === (await installedVersion('astro')) &&
	(await nodeAdapterFor(NEWEST)) === (await installedVersion('@astrojs/node'));
const CHOSEN = ALL_MINORS ? MINORS : [...new Set([MINORS[0]!, ...(NEWEST_IS_OWN ? [] : [NEWEST])])];
const WEBSITE_ID = /websiteId: '([0-9a-f-]{36})'/.exec(
	recipeFiles('quick-start').get('src/content.config.ts') ?? '',
)?.[1];

let sim: Simulator;
let receiver: HookReceiver;
/** Each minor's installed site (packed-site.ts), all begun at once: npm waits on disk and network. */
const installs = new Map<string, Promise<string>>();
const folders: string[] = [];

beforeAll(async () => {
	for (const astro of CHOSEN) {
		const installed = siteDependencies(astro).then(installedSite);
		// Awaited by its describe block; a failure fails that block, not the run as unhandled.
		installed.catch(() => undefined);
		installs.set(astro, installed);
	}
	sim = await startSimulator({
		products: 8,
		locales: ['fr', 'en'],
		seed: 44,
		websiteId: WEBSITE_ID,
	});
	receiver = await startHookReceiver();
}, 300_000);

afterAll(async () => {
	await receiver?.close();
	await sim?.close();
	for (const folder of folders) await rm(folder, { recursive: true, force: true, maxRetries: 3 });
});

it("runs the oldest minor the peer range admits, the newest unless it is the repository's own (every minor with test:compat)", () => {
	expect(MINORS[0]).toMatch(/^7\.0\.\d+$/);
	expect(MINORS.length).toBeGreaterThanOrEqual(4);
	expect(CHOSEN).toContain(MINORS[0]);
	if (ALL_MINORS || !NEWEST_IS_OWN) expect(CHOSEN).toContain(NEWEST);
	else expect(CHOSEN).not.toContain(NEWEST);
});

for (const astro of CHOSEN) {
	describe(`astro@${astro}`, () => {
		// `dir` holds the installed node_modules (shared with other files), `site` this file's sites.
		let dir: string;
		let site: string;
		let adapter: string;
		const quickStart = () => join(site, 'quick-start');
		const env = () => ({
			AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
			AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
			ASTRO_TELEMETRY_DISABLED: '1',
		});

		beforeAll(async () => {
			dir = await installs.get(astro)!;
			adapter = (await siteDependencies(astro)).dependencies['@astrojs/node']!;
			site = await siteFolder(dir, `astro-minors-${astro}`);
			folders.push(site);
			await writeFiles(quickStart(), recipeFiles('quick-start'), sim.baseUrl);
			await writeFiles(join(site, 'on-demand'), recipeFiles('on-demand'), sim.baseUrl);
		}, 900_000);

		it('builds the README quick start: a page per product and locale', async () => {
			const installed = await sh(process.execPath, [astroBin(dir), '--version'], site);
			expect(installed.stdout).toContain(astro);
			const { stdout } = await traced('build', { folder: 'quick-start', astro }, () =>
				sh(process.execPath, [astroBin(dir), 'build'], quickStart(), env()),
			);
			expect(stdout).toMatch(/Complete!/);
			const ref = sim.refs()[0]!;
			expect(existsSync(join(quickStart(), 'dist/products', ref, 'index.html'))).toBe(true);
			expect(existsSync(join(quickStart(), 'dist/en/products', ref, 'index.html'))).toBe(true);
		}, 600_000);

		it('passes astro check on the quick start', async () => {
			const { stdout } = await traced('check', { folder: 'quick-start', astro }, () =>
				sh(process.execPath, [astroBin(dir), 'check'], quickStart(), env()),
			);
			expect(stdout).toMatch(/- 0 errors\s+- 0 warnings\s+- 0 hints/);
		}, 600_000);

		it('serves the on-demand recipe from the @astrojs/node server that accepts it', async () => {
			const root = join(site, 'on-demand');
			await traced('build', { folder: 'on-demand', astro }, () =>
				sh(process.execPath, [astroBin(dir), 'build'], root, env()),
			);
			const port = await freePort();
			const server = spawn(process.execPath, ['dist/server/entry.mjs'], {
				cwd: root,
				env: { ...process.env, ...env(), HOST: '127.0.0.1', PORT: String(port) },
			});
			try {
				await listening(server);
				const ref = sim.refs()[1]!;
				const page = await fetch(`http://127.0.0.1:${port}/products/${ref}/`);
				const html = await page.text();
				expect(page.status, `${adapter}: ${html.slice(0, 300)}`).toBe(200);
				expect(html).toContain(String(sim.getProduct(ref, { locale: 'fr' }).name));
			} finally {
				server.kill();
			}
		}, 600_000);

		it('runs audio-reviews poll: --dry-run exits 0; a first run calls, no change calls nothing, a change calls once', async () => {
			const poll = (args: string[]) =>
				traced('poll', { astro, args }, () =>
					runPollCli(
						['--json', ...args],
						quickStart(),
						{ ...env(), AUDIO_REVIEWS_DEPLOY_HOOK: receiver.hook },
						// The site's installed package, so poll runs the site's Astro.
						join(dir, 'node_modules/astro-audio-reviews/integration/dist/cli.js'),
					),
				);
			receiver.reset();
			const dry = await poll(['--dry-run']);
			expect(dry.code, dry.stderr).toBe(0);
			expect(dry.json).toMatchObject({ outcome: 'dry-run', called: false });
			expect((await poll([])).json).toMatchObject({ outcome: 'called', firstCall: true });
			expect((await poll([])).json).toMatchObject({ outcome: 'no-change', called: false });
			const ref = sim.refs()[2]!;
			sim.updateProduct(ref, { name: `Renamed under astro ${astro}` });
			const changed = await poll([]);
			expect(changed.json).toMatchObject({ outcome: 'called', updated: 2 });
			expect(receiver.calls).toHaveLength(2);
			const state = join(quickStart(), 'node_modules/.astro/audio-reviews-poll');
			expect((await readdir(state)).sort()).toEqual(['state.json', 'sync']);
		}, 600_000);
	});
}

function listening(server: ChildProcess): Promise<void> {
	return new Promise((resolve, reject) => {
		let output = '';
		const seen = (chunk: Buffer) => {
			output += chunk;
			if (/listening on|Server listening/i.test(output)) resolve();
		};
		server.stdout!.on('data', seen);
		server.stderr!.on('data', seen);
		server.on('exit', (code) => reject(new Error(`the server exited (${code}): ${output}`)));
	});
}
