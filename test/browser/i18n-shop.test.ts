import { parse } from 'node-html-parser';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { type Preview, startPreview } from '../helpers/astro-preview.js';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';
import { CHROMIUM, OFFLINE_CHROMIUM_FLAGS } from '../helpers/chromium.js';
import { hreflangBreaches, readPage, type SitePage } from '../helpers/hreflang.js';

/**
 * The three-language shop, walked as a new user builds it: Astro's i18n (fr, en, de),
 * `base: '/boutique'`, `trailingSlash: 'never'`, a layout whose header switches language through
 * `alternates` (the package's own links off), the docs' Pagefind search box. Served by
 * `astro preview`, which answers 404 for a path the site does not serve (`…/SKU/` here).
 */
const LOCALES = ['fr', 'en', 'de'];
const SITE = 'https://shop.example';
const BASE = '/boutique';

let sim: Simulator;
let site: BuiltSite;
let preview: Preview;
let browser: Browser;
let env: Record<string, string>;

beforeAll(async () => {
	sim = await startSimulator({
		products: 12,
		locales: LOCALES,
		seed: 40,
		reviewsPerProduct: 3,
		longTail: false,
		transcriptLength: [40, 160],
	});
	env = {
		AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
		AUDIO_REVIEWS_LOCALES: LOCALES.join(','),
	};
	site = await buildFixture('i18n-shop', { label: 'i18n-shop', env });
	preview = await startPreview(site.root, env, BASE);
	browser = await chromium.launch({
		executablePath: CHROMIUM,
		headless: true,
		args: [...OFFLINE_CHROMIUM_FLAGS],
	});
}, 300_000);

afterAll(async () => {
	await browser?.close();
	await preview?.close();
	await sim?.close();
});

/** The package's pages (products, review pages, hubs) by canonical URL, from the files written. */
async function packagePages(): Promise<Map<string, { page: SitePage; html: string }>> {
	const pages = new Map<string, { page: SitePage; html: string }>();
	for (const file of await site.htmlFiles()) {
		if (!file.includes('/products')) continue;
		const html = await site.read(file.slice(1));
		const canonical = parse(html).querySelector('link[rel="canonical"]')!.getAttribute('href')!;
		pages.set(canonical, { page: readPage(html, canonical), html });
	}
	return pages;
}

/** A URL without its base and locale prefix: what the same page in every locale shares. */
const sameKey = (url: string) =>
	new URL(url).pathname.slice(BASE.length).replace(/^\/(en|de)(?=\/)/, '');

describe('a fr/en/de shop under base, trailingSlash never', () => {
	it('joins indexable pages only by hreflang, each listing the others back, in config order, on every product, review and hub page', async () => {
		const pages = await packagePages();
		const all = new Map([...pages].map(([url, { page }]) => [url, page]));
		// The catalogue has what the rule is about: noindex versions beside indexable ones, review pages, hubs.
		const values = [...all.values()];
		expect(values.filter((page) => !page.url.startsWith(`${SITE}${BASE}/`))).toEqual([]);
		expect(values.filter((page) => !page.indexable).length).toBeGreaterThan(0);
		expect(values.filter((page) => page.url.includes('~reviews-')).length).toBeGreaterThan(0);
		expect(values.filter((page) => /\/products(\/~page-\d+)?$/.test(page.url)).length).toBe(3);
		expect(
			values.filter((page) => page.indexable && page.links.length === 0).length,
			'some indexable page stands alone',
		).toBeGreaterThan(0);
		expect(values.filter((page) => page.links.length === 3).length).toBeGreaterThan(0);
		expect(hreflangBreaches(all, LOCALES, sameKey)).toEqual([]);
	});

	it('gives the layout the page in each locale it exists in: root-relative with base, no trailing slash, the current one marked, each answering 200', async () => {
		const pages = await packagePages();
		const checked = new Set<string>();
		for (const [url, { html }] of pages) {
			const path = new URL(url).pathname;
			const switcher = parse(html).querySelectorAll('.shop-languages a');
			const links = switcher.map((a) => ({
				locale: a.getAttribute('hreflang')!,
				href: a.getAttribute('href')!,
				current: a.getAttribute('aria-current') === 'page',
			}));
			// Every page of this catalogue exists in more than one locale except where a product has one.
			if (links.length === 0) continue;
			expect(
				links.map((link) => link.locale),
				path,
			).toEqual(LOCALES.filter((locale) => links.some((link) => link.locale === locale)));
			expect(
				links.filter((link) => link.current).map((link) => link.href),
				path,
			).toEqual([path]);
			for (const link of links) {
				expect(link.href.startsWith(`${BASE}/`), link.href).toBe(true);
				expect(link.href.endsWith('/'), link.href).toBe(false);
				// The same page number where that locale has it, else its first page.
				const same = `${BASE}${link.locale === 'fr' ? '' : `/${link.locale}`}${sameKey(url)}`;
				const first = same.replace(/~(reviews|page)-\d+$/, '').replace(/\/$/, '');
				expect([same, first], `${path} → ${link.locale}`).toContain(link.href);
				checked.add(link.href);
			}
			// No bottom switcher of the package's own: `localeLinks: false`.
			expect(parse(html).querySelector('.aar-locales'), path).toBeNull();
		}
		expect(checked.size).toBeGreaterThan(20);
		for (const href of checked) {
			const response = await fetch(`${preview.origin}${href}`);
			expect(response.status, href).toBe(200);
		}
	});

	it('follows the header switcher in Chromium from a French review page to the German page', async () => {
		const pages = await packagePages();
		const [url] = [...pages].find(
			([candidate, { html }]) =>
				candidate.includes('~reviews-2') &&
				!candidate.includes('/en/') &&
				!candidate.includes('/de/') &&
				html.includes('hreflang="de"'),
		)!;
		const page = await browser.newPage();
		try {
			const path = new URL(url).pathname;
			expect((await page.goto(`${preview.origin}${path}`))?.status()).toBe(200);
			const [response] = await Promise.all([
				page.waitForResponse((answer) => answer.request().isNavigationRequest()),
				page.click('.shop-languages a[hreflang="de"]'),
			]);
			await page.waitForLoadState();
			expect(response?.status()).toBe(200);
			expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
			expect(new URL(page.url()).pathname.startsWith(`${BASE}/de/products/`)).toBe(true);
		} finally {
			await page.close();
		}
	});

	it('warns at build time about no locale home page, and names each missing one with the fix when they are gone', async () => {
		expect(site.output).not.toMatch(/breadcrumb of the/);
		const bare = await buildFixture('i18n-shop', {
			label: 'i18n-shop-no-homes',
			env: { ...env, FIXTURE_NO_HOMES: '1' },
		});
		for (const [locale, url, file] of [
			['fr', '/boutique/', 'src/pages/index.astro'],
			['en', '/boutique/en', 'src/pages/en/index.astro'],
			['de', '/boutique/de', 'src/pages/de/index.astro'],
		])
			expect(bare.output).toContain(
				`The breadcrumb of the ${locale} pages starts at ${url}, which this build does not have (a 404 on every product page). Add ${file}`,
			);
	}, 300_000);
});

describe('search under base and trailingSlash never, in Chromium', () => {
	it('loads the bundle from base, finds a typed word, and a result clicked lands on a 200', async () => {
		const product = sim
			.listAll({ locale: 'fr', without: 'inactive' })
			.find((candidate) => candidate.name && candidate.reviews.length > 0)!;
		const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
		const requested: string[] = [];
		page.on('request', (request) => requested.push(new URL(request.url()).pathname));
		try {
			expect((await page.goto(`${preview.origin}${BASE}`))?.status()).toBe(200);
			await page.fill('pagefind-input input', product.name!.split(' ').at(-1)!);
			const result = page.locator('pagefind-results a.pf-result-link').first();
			await result.waitFor();
			const href = (await result.getAttribute('href'))!;
			expect(href.startsWith(`${BASE}/products/`), href).toBe(true);
			expect(href.endsWith('/'), href).toBe(false);
			const pagefindFiles = requested.filter((path) => path.includes('/pagefind/'));
			expect(pagefindFiles.length).toBeGreaterThan(0);
			expect(pagefindFiles.filter((path) => !path.startsWith(`${BASE}/pagefind/`))).toEqual([]);
			// The star filter's menu opens inside the 390 px screen.
			await page.click('pagefind-filter-dropdown button');
			const menu = await page
				.locator('pagefind-filter-dropdown [role="listbox"], pagefind-filter-dropdown ul')
				.first()
				.boundingBox();
			expect(menu, 'the star filter menu').not.toBeNull();
			expect(menu!.x).toBeGreaterThanOrEqual(0);
			expect(menu!.x + menu!.width).toBeLessThanOrEqual(390);
			await page.keyboard.press('Escape');
			const [response] = await Promise.all([
				page.waitForResponse((answer) => answer.request().isNavigationRequest()),
				result.click(),
			]);
			await page.waitForLoadState();
			expect(response?.status(), href).toBe(200);
			expect(new URL(page.url()).pathname).toBe(href.split('#')[0]);
		} finally {
			await page.close();
		}
	});
});
