import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type HTMLElement, parse } from 'node-html-parser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../simulator/src/index.js';
import type { SimAudio } from '../../simulator/src/model.js';
import { type Preview, startPreview } from '../helpers/astro-preview.js';
import type { BuiltSite } from '../helpers/build-fixture.js';
import { closeBrowser, closePages, launchBrowser, unlessClosed } from '../helpers/chromium.js';
import { buildSeoSite, CASES, seoEnv, startSeoSimulator } from '../helpers/seo-site.js';

/**
 * Pages inside a shop's site (CONTRACT.md, "Inside a shop's site"): with `site` and `base` set,
 * every link between the site's pages is root-relative with `base`, so `astro preview` (or a
 * staging host) navigates within itself; only canonical, hreflang, Open Graph and JSON-LD carry
 * the production URL. And the empty states (CONTRACT.md, "Products with many reviews"): a page
 * without reviews in its locale says so, and links to the locale that has them.
 */
const SITE = 'https://shop.example';
const BASE = '/boutique';
/** Reviewed in French only: its English page is empty and points to the French one. */
const FRENCH_ONLY = 'french-only';

let sim: Simulator;
let site: BuiltSite;
let preview: Preview;
let browser: Browser;

beforeAll(async () => {
	sim = await startSeoSimulator();
	sim.addProduct({ external_id: FRENCH_ONLY, name: 'Bouilloire' });
	sim.updateProduct(FRENCH_ONLY, (product) => {
		product.reviews = [frenchReview(0), frenchReview(1)];
	});
	const env = { FIXTURE_BASE: BASE, FIXTURE_HUB_PAGE_SIZE: '4' };
	site = await buildSeoSite(sim, { label: 'site-links', env });
	preview = await startPreview(site.root, seoEnv(sim, env), `${BASE}/`);
	browser = await launchBrowser();
}, 300_000);

afterEach(() => closePages(browser));

afterAll(async () => {
	await closeBrowser(browser);
	await preview?.close();
	await sim?.close();
});

function frenchReview(i: number): SimAudio {
	return {
		id: `${FRENCH_ONLY}-${i}`,
		type: 'review',
		rating: 4,
		locale: 'fr',
		transcript: `Elle chauffe vite (${i}).`,
		audio_url: `https://cdn.example.com/fr/${i}.mp3`,
		created_at: '2026-03-01T10:00:00.000Z',
		is_active: true,
		is_default: i === 0,
		validated: true,
		awaitingValidation: false,
		user: { id: `f${i}`, firstname: 'Léa', lastname: 'Roux' },
	};
}

const read = async (path: string) =>
	parse(await site.read(`${path.slice(BASE.length + 1)}index.html`));

/** Every string under a `url`, `item` or `@id` key of a JSON-LD graph. */
function jsonLdUrls(html: HTMLElement): string[] {
	const urls: string[] = [];
	const visit = (value: unknown, key?: string): void => {
		if (typeof value === 'string' && (key === 'url' || key === 'item' || key === '@id'))
			urls.push(value);
		else if (value && typeof value === 'object')
			for (const [k, v] of Object.entries(value)) visit(v, Array.isArray(value) ? key : k);
	};
	for (const script of html.querySelectorAll('script[type="application/ld+json"]'))
		visit(JSON.parse(script.textContent));
	return urls;
}

describe('links between the pages of a site with `site` and `base`', () => {
	it('are root-relative with base in every <a href> and rel=prev/next; canonical, hreflang, og:url and JSON-LD stay absolute', async () => {
		const seen = { breadcrumb: 0, hub: 0, pagination: 0, locales: 0 };
		const files = (await site.htmlFiles()).filter((file) => file.includes('/products/'));
		expect(files.length).toBeGreaterThan(20);
		for (const file of files) {
			const html = parse(await site.read(file));
			const page = new URL(`${BASE}${file.replace(/index\.html$/, '')}`, SITE);
			for (const link of html.querySelectorAll('a[href], link[rel="prev"], link[rel="next"]')) {
				const href = link.getAttribute('href')!;
				// The audio files' fallback links sit on the shop's CDN, another site.
				if (new URL(href, page).origin !== SITE) continue;
				expect(href, `${file}: ${link.outerHTML}`).toMatch(new RegExp(`^${BASE}/`));
				expect(
					existsSync(join(site.dist, decodeURIComponent(href.slice(BASE.length)), 'index.html')),
					`${file}: ${href}`,
				).toBe(true);
			}
			seen.breadcrumb += html.querySelectorAll('.aar-breadcrumb a').length;
			seen.hub += html.querySelectorAll('.aar-hub-name a').length;
			seen.pagination += html.querySelectorAll('.aar-pagination a').length;
			seen.locales += html.querySelectorAll('.aar-locales a').length;
			const absolute = [
				html.querySelector('link[rel="canonical"]')!.getAttribute('href')!,
				html.querySelector('meta[property="og:url"]')!.getAttribute('content')!,
				...html
					.querySelectorAll('link[rel="alternate"][hreflang]')
					.map((link) => link.getAttribute('href')!),
				...jsonLdUrls(html),
			];
			for (const url of absolute) expect(url, file).toMatch(new RegExp(`^${SITE}${BASE}/`));
		}
		for (const [kind, count] of Object.entries(seen)) expect(count, kind).toBeGreaterThan(0);
	});

	it('keep astro preview on its own host: breadcrumbs, hub pages, product and language links', async () => {
		const context = await browser.newContext();
		const left: string[] = [];
		// The production host does not exist here: a request to it (or anywhere else) is a link that left the preview.
		await context.route(
			(url) => url.origin !== preview.origin,
			(route) => {
				left.push(route.request().url());
				return unlessClosed(route.abort());
			},
		);
		const page = await context.newPage();
		const statuses: number[] = [];
		page.on('response', (response) => {
			if (response.request().isNavigationRequest()) statuses.push(response.status());
		});
		await page.goto(`${preview.origin}${BASE}/products/`);
		const path = await follow(page, '.aar-pagination a[rel="next"]');
		expect(path).toBe(`${BASE}/products/~page-2/`);
		expect(await follow(page, '.aar-hub-name a')).toMatch(new RegExp(`^${BASE}/products/[^/]+/$`));
		expect(await follow(page, '.aar-locales a[hreflang="en"]')).toMatch(
			new RegExp(`^${BASE}/en/products/[^/]+/$`),
		);
		expect(await follow(page, '.aar-breadcrumb li:nth-child(2) a')).toBe(`${BASE}/en/products/`);
		expect(await follow(page, '.aar-locales a[hreflang="fr"]')).toBe(`${BASE}/products/`);
		expect(await follow(page, '.aar-breadcrumb a')).toBe(`${BASE}/`);
		expect(left).toEqual([]);
		expect(
			statuses.every((status) => status === 200 || status === 304),
			`${statuses}`,
		).toBe(true);
		await context.close();
	});
});

/** Clicks the first link `selector` matches, waits for the page it opens, and returns that page's path on the preview host. */
async function follow(page: Page, selector: string): Promise<string> {
	const from = page.url();
	await page.locator(selector).first().click();
	await page.waitForURL((url) => url.href !== from);
	const url = new URL(page.url());
	expect(url.origin, `${selector} from ${from}`).toBe(preview.origin);
	return url.pathname;
}

describe('empty states in the page’s language', () => {
	it('say so in a sentence on a product page, linking to the locale that has reviews when one does', async () => {
		const english = await read(`${BASE}/en/products/${FRENCH_ONLY}/`);
		const empty = english.querySelector('.aar-empty')!;
		expect(empty.querySelector('p')!.textContent).toBe(
			'No audio reviews of this product in English yet.',
		);
		const link = empty.querySelector('a')!;
		expect(link.textContent).toBe('Listen to its 2 audio reviews in French.');
		expect(link.getAttribute('href')).toBe(`${BASE}/products/${FRENCH_ONLY}/`);
		expect(link.getAttribute('hreflang')).toBe('fr');

		const nowhere = (await read(`${BASE}/products/${CASES.noReviews}/`)).querySelector(
			'.aar-empty',
		)!;
		expect(nowhere.textContent.trim()).toBe('Aucun avis audio sur ce produit pour le moment.');
		expect(nowhere.querySelector('a')).toBeNull();
		const reviewed = await read(`${BASE}/products/${FRENCH_ONLY}/`);
		expect(reviewed.querySelector('.aar-empty')).toBeNull();
	});

	it('say so on hub cards of products without reviews', async () => {
		const cards = async (hub: string) => {
			const found = new Map<string, HTMLElement>();
			for (const file of (await site.htmlFiles()).filter(
				(path) => path.startsWith(hub) && /\/products\/(~page-\d+\/)?index\.html$/.test(path),
			)) {
				for (const card of parse(await site.read(file)).querySelectorAll('.aar-hub-item'))
					found.set(card.querySelector('.aar-hub-name a')!.getAttribute('href')!, card);
			}
			return found;
		};
		const english = await cards('/en/');
		expect(
			english.get(`${BASE}/en/products/${FRENCH_ONLY}/`)!.querySelector('.aar-hub-empty')!
				.textContent,
		).toBe('No audio reviews of this product yet.');
		const french = await cards('/products/');
		expect(
			french.get(`${BASE}/products/${CASES.noReviews}/`)!.querySelector('.aar-hub-empty')!
				.textContent,
		).toBe('Aucun avis audio sur ce produit pour le moment.');
		expect(
			french.get(`${BASE}/products/${FRENCH_ONLY}/`)!.querySelector('.aar-hub-empty'),
		).toBeNull();
	});

	it('take the visitor from the empty page to the reviews, on the preview host', async () => {
		const page = await browser.newPage();
		await page.goto(`${preview.origin}${BASE}/en/products/${FRENCH_ONLY}/`);
		expect(await follow(page, '.aar-empty a')).toBe(`${BASE}/products/${FRENCH_ONLY}/`);
		expect(await page.locator('.aar-review').count()).toBe(2);
		await page.close();
	});
});
