// @ts-check
/**
 * `npm run screenshots:search`: the pictures of docs/search.md, made from a site and never edited
 * by hand. Builds test/fixtures/search (the docs recipe's layout: a search box with a star filter
 * in the header) with `search: 'pagefind'` against the simulator, runs Pagefind's binary over
 * its dist/, types a query in Debian's Chromium (playwright-core), picks the star levels 4 and 5,
 * and writes docs/images/search-desktop.png (1280 px wide) and docs/images/search-phone.png
 * (390 px). Needs `npm run build:pkg` first (the simulator runs from simulator/dist).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdir, rm, stat, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startSimulator } from '../simulator/dist/index.js';
import { CHROMIUM } from './devtools-chromium.mjs';
import { serveDist } from './serve-dist.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SITE = join(ROOT, 'test', '.tmp', 'search-screenshots');
const IMAGES = join(ROOT, 'docs', 'images');
/** A word of many English transcripts, so the results show several products and reviews. */
const QUERY = 'assembly';
const BUILD = !process.argv.includes('--no-build');

const simulator = await startSimulator({ products: 40, locales: ['en'], seed: 7 });
try {
	if (BUILD) await build();
	await photograph(simulator.listAll({ locale: 'en', without: 'inactive' })[0]?.external_id ?? '');
} finally {
	await simulator.close();
}

async function build() {
	await writeSite();
	const env = {
		AUDIO_REVIEWS_BASE_URL: simulator.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: simulator.websiteId,
		AUDIO_REVIEWS_LOCALES: 'en',
		FIXTURE_SEARCH: 'pagefind',
	};
	await run(join(ROOT, 'node_modules/.bin/astro'), ['build', '--root', SITE], env);
	await run(join(ROOT, 'node_modules/.bin/pagefind'), ['--site', join(SITE, 'dist')]);
}

/** The fixture (basic's content config under search's layout and config), importing the package by its name. */
async function writeSite() {
	await rm(SITE, { recursive: true, force: true });
	await mkdir(join(SITE, 'node_modules'), { recursive: true });
	await cp(join(ROOT, 'test/fixtures/basic'), SITE, { recursive: true });
	await cp(join(ROOT, 'test/fixtures/search'), SITE, { recursive: true });
	await symlink(ROOT, join(SITE, 'node_modules', 'astro-audio-reviews'), 'dir');
}

/**
 * Asynchronous, not spawnSync: the simulator answers the build from this process's event loop.
 * @param {string} command @param {string[]} args @param {Record<string, string>} [extraEnv]
 */
async function run(command, args, extraEnv = {}) {
	const child = spawn(command, args, {
		cwd: SITE,
		stdio: 'inherit',
		env: { ...process.env, ...extraEnv },
	});
	const [status] = await once(child, 'exit');
	if (status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${status})`);
}

/** @param {string} ref a product whose page holds the search box */
async function photograph(ref) {
	const site = await serveDist(join(SITE, 'dist'));
	const browser = await chromium.launch({
		executablePath: CHROMIUM,
		args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
	});
	try {
		for (const [name, viewport] of /** @type {const} */ ([
			['search-desktop.png', { width: 1280, height: 900 }],
			['search-phone.png', { width: 390, height: 844 }],
		])) {
			const page = await browser.newPage({
				viewport,
				colorScheme: 'light',
				reducedMotion: 'reduce',
			});
			await page.route(
				(url) => !url.href.startsWith(site.origin),
				(route) => route.abort(),
			);
			await page.goto(`${site.origin}/products/${encodeURIComponent(ref)}/`, { waitUntil: 'load' });
			await page.locator('pagefind-input input').fill(QUERY);
			await page.locator('pagefind-results a').first().waitFor();
			await page.locator('pagefind-filter-dropdown button').first().click();
			for (const level of ['4'])
				await page.getByRole('option', { name: new RegExp(`^${level}\\b`) }).click();
			await page.keyboard.press('Escape');
			await page.waitForTimeout(500);
			const file = join(IMAGES, name);
			await page.screenshot({ path: file });
			console.log(
				`${file}: ${viewport.width}×${viewport.height} (${(await stat(file)).size} bytes)`,
			);
			await page.close();
		}
	} finally {
		await browser.close();
		await site.close();
	}
}
