import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';
import { closeBrowser, launchBrowser } from '../helpers/chromium.js';
import { type PgPair, psql, standbyCaughtUp, startPostgres } from '../helpers/postgres.js';
import { type StandaloneServer, startStandalone } from '../live/standalone.js';
import {
	addReview,
	runIndexCli,
	type SearchCatalogue,
	startSearchCatalogue,
	WORDS,
} from './search-catalogue.js';

// `search: 'postgres'` in a built on-demand site (@astrojs/node standalone, one build for every
// case): the endpoint, the webhook's re-index, `ReviewSearch` in Chromium, with and without
// JavaScript and inside three CSS frameworks, a hot standby answering, the database gone.

const SECRET = 'search-webhook-secret-0123456789';
const SHOTS = process.env.AUDIO_REVIEWS_SCREENSHOTS;

let pg: PgPair;
let catalogue: SearchCatalogue;
let site: BuiltSite;
let server: StandaloneServer;
let browser: Browser;

beforeAll(async () => {
	[pg, catalogue] = await Promise.all([startPostgres({ standby: true }), startSearchCatalogue()]);
	const env = {
		AUDIO_REVIEWS_BASE_URL: catalogue.sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: catalogue.sim.websiteId,
		AUDIO_REVIEWS_LOCALES: 'fr,en',
		FIXTURE_TOP_N: '2',
	};
	const indexed = await runIndexCli(['--json'], {
		...env,
		AUDIO_REVIEWS_SEARCH_DATABASE_URL: pg.primary.url,
	});
	expect(indexed.code, indexed.stderr).toBe(0);
	[site, browser] = await Promise.all([
		buildFixture('on-demand-search', { extends: 'on-demand', label: 'search-site', env }),
		launchBrowser(),
	]);
	await standbyCaughtUp(pg);
	server = await startStandalone(site.dist, {
		...env,
		AUDIO_REVIEWS_WEBHOOK_SECRET: SECRET,
		AUDIO_REVIEWS_SEARCH_DATABASE_URL: pg.primary.url,
		AUDIO_REVIEWS_SEARCH_READ_URL: pg.standby!.url,
	});
});

afterAll(async () => {
	await closeBrowser(browser);
	await server?.close();
	await catalogue?.sim.close();
	await pg?.close();
});

const BASE = '/shop';
const search = (query: string) => fetch(`${server.url}${BASE}/_audio-reviews/search?${query}`);

async function invalidate(body: unknown): Promise<Response> {
	return fetch(`${server.url}${BASE}/_audio-reviews/invalidate`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` },
		body: JSON.stringify(body),
	});
}

describe('GET /_audio-reviews/search', () => {
	it('answers JSON results linking to the product pages, in the asked locale', async () => {
		const response = await search(`q=${WORDS.ranked}&locale=en`);
		expect(response.status).toBe(200);
		expect(response.headers.get('cache-control')).toBe('no-store');
		const body = await response.json();
		expect(body).toMatchObject({ query: WORDS.ranked, locale: 'en', total: 2 });
		const [first] = body.results;
		expect(first).toMatchObject({
			ref: catalogue.refs.name,
			url: `${BASE}/en/products/${catalogue.refs.name}/`,
		});
		expect(Object.keys(first).sort()).toEqual([
			'name',
			'rating',
			'ref',
			'reviews',
			'snippet',
			'url',
		]);
		expect(first.snippet).toContain(`<mark>${WORDS.ranked}</mark>`);
		const page = await fetch(`${server.url}${first.url}`);
		expect(page.status).toBe(200);
		// The default locale's pages carry no prefix.
		const french = await (await search('q=ecouteurs')).json();
		expect(french.results.map((r: { url: string }) => r.url)).toEqual([
			`${BASE}/products/${catalogue.refs.frenchOnly}/`,
		]);
	});

	it('answers 400 JSON naming the bad parameter', async () => {
		for (const [query, param] of [
			['', 'q'],
			['q=%20', 'q'],
			[`q=${'x'.repeat(201)}`, 'q'],
			['q=a&locale=de', 'locale'],
			['q=a&limit=-5', 'limit'],
			['q=a&limit=1e9', 'limit'],
			['q=a&offset=99999999', 'offset'],
			['q=a&offset=%27%3B--', 'offset'],
		] as const) {
			const response = await search(query);
			expect(response.status, query).toBe(400);
			const body = await response.json();
			expect(body.error).toBe('bad_request');
			expect(body.message, query).toContain(`\`${param}\``);
		}
		const capped = await (await search('q=quality&locale=en&limit=500')).json();
		expect(capped.results.length).toBeLessThanOrEqual(50);
	});
});

describe('the webhook', () => {
	// The primary holds the change when the webhook answers; the standby (the endpoint's reads)
	// replays it a moment later, so the endpoint is asked until it shows it.
	const primaryRows = async (ref: string, word: string) =>
		(
			await psql(
				pg.primary,
				`SELECT locale FROM audio_reviews.documents WHERE ref = '${ref}' AND body LIKE '%${word}%' ORDER BY locale`,
			)
		)
			.trim()
			.split('\n')
			.filter(Boolean);
	const refsFound = async (query: string) =>
		((await (await search(query)).json()).results as { ref: string }[]).map((r) => r.ref);
	const REPLICATED = { timeout: 30_000, interval: 100 };

	it('re-indexes an edited product and removes a deleted one in the request that purges them', async () => {
		const edited = catalogue.refs.englishOnly;
		addReview(catalogue.sim, edited, 'en', { transcript: 'It came with a harmonica.' });
		const response = await invalidate({ ref: edited });
		expect(response.status).toBe(200);
		expect(await response.json()).toMatchObject({ search: { indexed: 2, removed: 0 } });
		expect(await primaryRows(edited, 'harmonica')).toEqual(['en']);
		await standbyCaughtUp(pg);
		await expect.poll(() => refsFound('q=harmonica&locale=en'), REPLICATED).toEqual([edited]);

		const deleted = catalogue.refs.transcriptOnly;
		catalogue.sim.removeProduct(deleted);
		const removal = await invalidate({ refs: [deleted] });
		expect(await removal.json()).toMatchObject({ search: { indexed: 0, removed: 2 } });
		expect(await primaryRows(deleted, '')).toEqual([]);
		await standbyCaughtUp(pg);
		await expect
			.poll(() => refsFound(`q=${WORDS.ranked}&locale=en`), REPLICATED)
			.toEqual([catalogue.refs.name]);
	});
});

describe('ReviewSearch', () => {
	it('renders results server-side for ?q= without JavaScript, snippets inert', async () => {
		const context = await browser.newContext({ javaScriptEnabled: false });
		const page = await context.newPage();
		try {
			await page.goto(`${server.url}${BASE}/search/?q=${WORDS.hostile}&lang=en`);
			const root = page.locator('[role="search"]');
			await expect(root.locator('form[method="get"] input[name="q"]').inputValue()).resolves.toBe(
				WORDS.hostile,
			);
			const links = await root
				.locator('.aar-search-link')
				.evaluateAll((els) => els.map((el) => el.getAttribute('href')));
			expect(links).toEqual([`${BASE}/en/products/${catalogue.refs.hostile}/`]);
			const snippet = root.locator('.aar-search-snippet');
			expect(await snippet.locator('mark').allTextContents()).toEqual([WORDS.hostile]);
			expect(await snippet.locator('script, img, b, i').count()).toBe(0);
			expect(await snippet.textContent()).toContain('<script>');
			expect(await root.locator('[role="status"]').textContent()).toBe('1 product found');
		} finally {
			await context.close();
		}
	});

	it('shows results as the shopper types, announced in a live region, reachable by keyboard, inert', async () => {
		const page = await browser.newPage();
		try {
			await page.goto(`${server.url}${BASE}/search/?lang=en`);
			const title = await page.title();
			const input = page.locator('input[name="q"]');
			await input.focus();
			await page.keyboard.type(WORDS.ranked.slice(0, 6), { delay: 20 });
			await page.keyboard.type(WORDS.ranked.slice(6), { delay: 20 });
			const status = page.locator('[role="status"][aria-live="polite"]');
			await status.filter({ hasText: 'product found' }).waitFor();
			expect(await page.locator('.aar-search-link').count()).toBe(1);
			expect(new URL(page.url()).searchParams.get('q')).toBe(WORDS.ranked);
			await page.keyboard.press('ArrowDown');
			expect(await page.evaluate(() => document.activeElement?.className)).toBe('aar-search-link');

			await input.fill(WORDS.hostile);
			await page.locator('.aar-search-snippet mark').filter({ hasText: WORDS.hostile }).waitFor();
			const snippet = page.locator('.aar-search-snippet');
			expect(await snippet.locator('script, img, b, i').count()).toBe(0);
			expect(await snippet.textContent()).toContain('document.title=');
			expect(await page.title()).toBe(title);
		} finally {
			await page.close();
		}
	});

	it('looks right at 390 and 1280 px in Tailwind, Bootstrap and Pico: nothing wider than the page', async () => {
		if (SHOTS) await mkdir(SHOTS, { recursive: true });
		for (const framework of ['tailwind', 'bootstrap', 'pico'])
			for (const width of [390, 1280]) {
				const page = await browser.newPage({ viewport: { width, height: 900 } });
				try {
					await page.goto(`${server.url}${BASE}/${framework}/search/?q=quality`);
					await page.locator('.aar-search-result').first().waitFor();
					const layout = await page.evaluate(() => {
						const box = (selector: string) =>
							document.querySelector(selector)!.getBoundingClientRect();
						return {
							scrollWidth: document.documentElement.scrollWidth,
							input: box('.aar-search-input'),
							button: box('.aar-search-button'),
						};
					});
					expect(layout.scrollWidth, `${framework} ${width}`).toBeLessThanOrEqual(width);
					expect(layout.input.width, `${framework} ${width}`).toBeGreaterThan(150);
					expect(layout.button.right, `${framework} ${width}`).toBeLessThanOrEqual(width);
					if (SHOTS)
						await page.screenshot({
							path: join(SHOTS, `${framework}-${width}.png`),
							fullPage: true,
						});
				} finally {
					await page.close();
				}
			}
	});
});

describe('replicas and outages', () => {
	it('answers from the hot standby while the primary is stopped', async () => {
		await pg.primary.stop();
		try {
			const response = await search('q=harmonica&locale=en');
			expect(response.status).toBe(200);
			expect((await response.json()).total).toBe(1);
		} finally {
			await pg.primary.start();
		}
	});

	it('answers 503 with Retry-After while no database answers, and the pages stay 200', async () => {
		await pg.standby!.stop();
		await pg.primary.stop();
		try {
			const response = await search('q=harmonica&locale=en');
			expect(response.status).toBe(503);
			expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
			expect(await response.json()).toMatchObject({ error: 'unavailable' });
			const page = await fetch(`${server.url}${BASE}/products/${catalogue.refs.hostile}/`);
			expect(page.status).toBe(200);
			const withSearch = await fetch(`${server.url}${BASE}/search/?q=harmonica&lang=en`);
			expect(withSearch.status).toBe(200);
			expect(await withSearch.text()).toContain('Search is unavailable right now');
		} finally {
			await pg.primary.start();
			await pg.standby!.start();
		}
		expect((await search('q=harmonica&locale=en')).status).toBe(200);
	});
});
