import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '../../integration/src/routing/product-url.js';
import { createSlugger } from '../../integration/src/routing/slug.js';
import { safeHttpUrl } from '../../integration/src/schema/safe-url.js';
import { serveDist } from '../../scripts/serve-dist.mjs';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';
import { closeBrowser, closePages, launchBrowser } from '../helpers/chromium.js';

const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));

let sim: Simulator;
let site: BuiltSite;
let server: Awaited<ReturnType<typeof serveDist>>;
let origin: string;
let browser: Browser;

beforeAll(async () => {
	sim = await startSimulator({ products: 12, locales: ['fr', 'en'], seed: 5, adversarial: true });
	site = await buildFixture('basic', {
		label: 'browser',
		env: {
			AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
			AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
			AUDIO_REVIEWS_LOCALES: 'fr,en',
			FIXTURE_SITE: 'https://shop.example',
		},
	});
	server = await serveDist(site.dist);
	origin = server.origin;
	browser = await launchBrowser();
}, 240_000);

afterEach(() => closePages(browser));

afterAll(async () => {
	await closeBrowser(browser);
	await server?.close();
	await sim?.close();
});

describe('built product pages in a real browser', () => {
	it('render without console errors or dialogs, with visible transcripts and playable audio', async () => {
		const products = sim.listAll({ locale: 'fr', without: 'inactive' });
		const slugger = createSlugger(
			[...products, ...sim.listAll({ locale: 'en', without: 'inactive' })].map(
				(p) => p.external_id,
			),
		);
		const page = await browser.newPage();
		const problems: string[] = [];
		page.on('console', (message) => {
			if (message.type() !== 'error') return;
			// This machine has no network: avatars on the shop's CDN cannot load, and there is no favicon.
			const url = message.location().url;
			const offlineAsset =
				message.text().startsWith('Failed to load resource') &&
				(!url.startsWith(origin) || url.endsWith('/favicon.ico'));
			if (!offlineAsset) problems.push(`console: ${message.text()} (${url})`);
		});
		page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
		page.on('dialog', (dialog) => {
			problems.push(`dialog: ${dialog.message()}`);
			void dialog.dismiss();
		});
		// Requests to the (unreachable) audio CDN are not page errors; anything else failing is.
		page.on('requestfailed', (request) => {
			if (request.url().startsWith(origin)) problems.push(`request failed: ${request.url()}`);
		});

		for (const product of products) {
			const path = productPath(slugger.slugFor(product.external_id), 'fr', 'fr');
			const response = await page.goto(`${origin}${path}`);
			expect(response?.status(), path).toBe(200);
			expect(await page.title()).not.toBe('');
			const withTranscript = product.reviews.filter((review) => review.transcript?.trim());
			const visible = await page.locator('.aar-transcript').evaluateAll((nodes) =>
				nodes.map((node) => {
					const box = (node as HTMLElement).getBoundingClientRect();
					return box.width > 0 && box.height > 0 && getComputedStyle(node).visibility !== 'hidden';
				}),
			);
			expect(visible).toHaveLength(withTranscript.length);
			expect(visible.every(Boolean)).toBe(true);
			const sources = await page
				.locator('audio')
				.evaluateAll((nodes) => nodes.map((node) => (node as HTMLAudioElement).src));
			// Every review's audio, in the pages' documented order (default first, newest first), not the service's.
			expect(sources.sort()).toEqual(
				product.reviews
					.map((review) => safeHttpUrl(review.audio_url))
					.filter(Boolean)
					.sort(),
			);
		}
		expect(problems).toEqual([]);

		await mkdir(ARTIFACTS, { recursive: true });
		const shot = join(ARTIFACTS, 'product-page.png');
		const first = products.find((p) => p.reviews.length > 1) ?? products[0]!;
		await page.goto(`${origin}${productPath(slugger.slugFor(first.external_id), 'fr', 'fr')}`);
		await page.screenshot({ path: shot, fullPage: true });
		expect((await stat(shot)).size).toBeGreaterThan(10_000);
		await page.close();
	});
});
