import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import type { SimAudio } from '../../simulator/src/model.js';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';
import { abortOthers, closeBrowser, closePages, launchBrowser } from '../helpers/chromium.js';
import { serveDist } from '../helpers/seo-site.js';
import { withSiteSheet } from '../helpers/site-cascade.js';

/**
 * What test/browser/shop-layout.test.ts looks at: the basic fixture inside a shop's layout and
 * the same site without it (standalone pages), served from one loopback server, and Chromium.
 */

const LOCALES = ['fr', 'en'] as const;
const LONG_NAME =
	'Bouilloire électrique en acier inoxydable avec filtre anti-calcaire et socle pivotant';

let sim: Simulator;
export let shop: BuiltSite;
export let standalone: BuiltSite;
let server: Awaited<ReturnType<typeof serveDist>>;
/** The folder the loopback server answers from: a build's dist/, or its copy with a site sheet. */
let served: string;
export let browser: Browser;

function review(locale: string, i: number, change: Partial<SimAudio> = {}): SimAudio {
	return {
		id: `${locale}-${i}`,
		type: 'review',
		rating: 4,
		audio_url: `https://cdn.example.com/${locale}/${i}.mp3`,
		is_active: true,
		is_default: i === 0,
		transcript: `${'The handle stays cool and the lid closes well. '.repeat(12)}(${locale} ${i})`,
		created_at: '2026-03-01T10:00:00.000Z',
		user: { id: `u${i}`, firstname: 'Ana', lastname: 'Silva' },
		locale,
		validated: true,
		awaitingValidation: false,
		...change,
	};
}

/** Builds the two sites (with and without `layout`), serves them and opens Chromium for a test file's tests. */
export function useShopLayoutSites(): void {
	beforeAll(async () => {
		sim = await startSimulator({ products: 4, locales: [...LOCALES], seed: 11 });
		sim.addProduct({
			external_id: 'long-name',
			name: LONG_NAME,
			reviews: LOCALES.flatMap((l) => [review(l, 0), review(l, 1, { type: 'testimony' })]),
		});
		sim.addProduct({ external_id: 'no-reviews', reviews: [] });
		const env = {
			AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
			AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
			AUDIO_REVIEWS_LOCALES: LOCALES.join(','),
		};
		server = await serveDist(() => served);
		shop = await buildFixture('shop-layout', {
			extends: 'basic',
			label: 'shop-layout',
			env: { ...env, FIXTURE_SITE: server.origin },
		});
		standalone = await buildFixture('shop-layout', {
			extends: 'basic',
			label: 'standalone',
			env: { ...env, FIXTURE_LAYOUT: 'none' },
		});
		served = shop.dist;
		browser = await launchBrowser();
	}, 300_000);

	afterEach(() => closePages(browser));

	afterAll(async () => {
		await closeBrowser(browser);
		await server?.close();
		await sim?.close();
	});
}

/** The injected pages of a build: everything but the fixture's own index. */
export async function injectedPages(site: BuiltSite): Promise<string[]> {
	return (await site.htmlFiles())
		.filter((file) => file !== '/index.html')
		.map((file) => file.replace(/index\.html$/, ''));
}

/** One tab a build, width and site stylesheet: the tests' pages follow one another in it. */
const tabs = new Map<string, Page>();
/** Copies of a build's dist/ whose pages carry a site stylesheet, by build and stylesheet. */
const sheeted = new Map<string, Promise<string>>();

/**
 * Opens `path` of a build at `width`, with `css` first in its `<head>` when given. Each call
 * loads a new document in the tab kept for that build, width and stylesheet (a browser context
 * of its own, cache included): a page's checks see nothing of the page before, and a new
 * context a page would cost more than its load. Closed after each test (`closePages`).
 */
export async function open(
	site: BuiltSite,
	path: string,
	width: number,
	css?: string,
): Promise<Page> {
	served = css === undefined ? site.dist : await withSheet(site, css);
	const key = JSON.stringify([served, width]);
	let page = tabs.get(key);
	if (!page || page.isClosed()) {
		// Reduced motion on: the package's rules for it must not outweigh the site's either.
		page = await browser.newPage({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
		// Only the loopback server answers: the audio's CDN does not exist.
		await abortOthers(page, (url) => url.href.startsWith(server.origin));
		tabs.set(key, page);
	}
	const response = await page.goto(`${server.origin}${encodeURI(path)}`);
	expect(response?.status(), path).toBe(200);
	return page;
}

/**
 * The build's dist/ copied beside it, each page with the site's stylesheet first in its `<head>`
 * (`withSiteSheet`): the same bytes a page rewritten on its way to the browser would have, served
 * as they are.
 */
function withSheet(site: BuiltSite, css: string): Promise<string> {
	const key = JSON.stringify([site.dist, css]);
	let copy = sheeted.get(key);
	if (!copy) {
		copy = (async () => {
			const dist = join(site.root, `dist-site-sheet-${sheeted.size}`);
			await cp(site.dist, dist, { recursive: true });
			for (const file of await site.htmlFiles()) {
				const path = join(dist, file);
				await writeFile(path, withSiteSheet(await readFile(path, 'utf8'), css));
			}
			return dist;
		})();
		sheeted.set(key, copy);
	}
	return copy;
}
