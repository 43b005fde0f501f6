// @ts-check
/**
 * `npm run screenshots:frameworks`: the pictures of docs/presentation.md's "Inside a CSS
 * framework", made from sites and never edited by hand. Builds test/fixtures/frameworks in its
 * Tailwind, Bootstrap and Pico layouts (no CSS of the shop's) against the simulator with the
 * catalogue the framework tests judge (test/helpers/framework-catalogue.ts, run with Node's type
 * stripping), and photographs in Debian's Chromium (playwright-core) a popular product's page and
 * an empty page at 1280 px (the opening of the page) and 390 px (the first screens), as PNG
 * files in docs/images/frameworks/. Needs `npm run build:pkg` first (the simulator runs from
 * simulator/dist).
 */
import { cp, mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'astro';
import { chromium } from 'playwright-core';
import { startSimulator } from '../simulator/dist/index.js';
import { addFrameworkCatalogue, LOCALES, PAGES } from '../test/helpers/framework-catalogue.ts';
import { CHROMIUM } from './devtools-chromium.mjs';
import { serveDist } from './serve-dist.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const IMAGES = join(ROOT, 'docs', 'images', 'frameworks');
const FRAMEWORKS = ['Tailwind', 'Bootstrap', 'Pico'];
const SHOTS = [
	{ width: 1280, height: 900 },
	{ width: 390, height: 1000 },
];

const simulator = await startSimulator({
	products: 3,
	locales: [...LOCALES],
	seed: 32,
	avatars: 'served',
});
addFrameworkCatalogue(simulator);
const browser = await chromium.launch({
	executablePath: CHROMIUM,
	args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
	await mkdir(IMAGES, { recursive: true });
	for (const framework of FRAMEWORKS) await photograph(framework, await buildSite(framework));
} finally {
	await browser.close();
	await simulator.close();
}

/** The fixture (basic's content config, shop-layout's files, the framework layouts), built in test/.tmp. @param {string} framework */
async function buildSite(framework) {
	const site = join(ROOT, 'test', '.tmp', `framework-screenshots-${framework}`);
	await rm(site, { recursive: true, force: true });
	for (const fixture of ['basic', 'shop-layout', 'frameworks'])
		await cp(join(ROOT, 'test/fixtures', fixture), site, { recursive: true });
	Object.assign(process.env, {
		AUDIO_REVIEWS_BASE_URL: simulator.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: simulator.websiteId,
		AUDIO_REVIEWS_LOCALES: LOCALES.join(','),
		FIXTURE_FRAMEWORK: framework,
	});
	await build({ root: site, logLevel: 'warn' });
	return join(site, 'dist');
}

/** @param {string} framework @param {string} dist */
async function photograph(framework, dist) {
	const site = await serveDist(dist);
	try {
		for (const [kind, path] of [
			['popular', PAGES.popular],
			['empty', PAGES.empty],
		]) {
			for (const { width, height } of SHOTS) {
				const page = await browser.newPage({
					viewport: { width, height: 900 },
					colorScheme: 'light',
					reducedMotion: 'reduce',
				});
				// Only the site and the simulator's pictures: the audio sits on an example CDN this machine cannot reach.
				await page.route(
					(url) => !url.href.startsWith(site.origin) && !url.href.startsWith(simulator.baseUrl),
					(route) => route.abort(),
				);
				await page.goto(`${site.origin}${path}`, { waitUntil: 'load' });
				await page.evaluate(async () => {
					for (const image of document.images) image.loading = 'eager';
					await Promise.all(
						[...document.images].map((image) => image.decode().catch(() => undefined)),
					);
				});
				// The page's opening, down to the end of the package's content at most.
				const end = await page.evaluate(() =>
					Math.ceil(
						(document.querySelector('.aar-page')?.getBoundingClientRect().bottom ?? 0) + 24,
					),
				);
				const clip = { x: 0, y: 0, width, height: Math.min(height, end) };
				const file = join(IMAGES, `${framework.toLowerCase()}-${kind}-${width}.png`);
				await page.screenshot({ path: file, clip, fullPage: true });
				console.log(`${file}: ${width}×${clip.height} (${(await stat(file)).size} bytes)`);
				await page.close();
			}
		}
	} finally {
		await site.close();
	}
}
