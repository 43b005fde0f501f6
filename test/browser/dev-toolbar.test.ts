import { appendFile, mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { buildFixture } from '../helpers/build-fixture.js';
import { closeBrowser, closePages, launchBrowser } from '../helpers/chromium.js';
import { type DevServer, devSite, startDev } from '../helpers/dev-server.js';

/**
 * The dev toolbar app in Debian's Chromium against a real `astro dev` and the simulator, as
 * Astro's own toolbar tests drive it: counts, the skipped product and the notification, a
 * refresh bringing an edit without a restart; then a build that holds nothing of the app.
 */
const SHOTS = fileURLToPath(new URL('../.tmp/dev-toolbar-shots/', import.meta.url));
const APP = 'astro-audio-reviews';
/** A liveness bound for what the dev server sends the app (a sync on a busy machine). */
const WAIT = { timeout: 60_000, interval: 100 };
let sim: Simulator;
let dev: DevServer;
let browser: Browser;
let invalidRef: string;
let root: string;
/** How many content syncs the dev server ran so far (Astro logs each one). */
const syncs = () => (dev.log().match(/Syncing content/g) ?? []).length;
const env = () => ({
	AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
	AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
	AUDIO_REVIEWS_LOCALES: 'fr,en',
	FIXTURE_ON_INVALID: 'skip',
});

beforeAll(async () => {
	sim = await startSimulator({ products: 9, locales: ['fr', 'en'], seed: 4343 });
	invalidRef = sim.refs()[4]!;
	sim.updateProduct(invalidRef, { seo_name: 42 as unknown as string });
	root = await devSite('basic', 'dev-toolbar');
	dev = await startDev(root, env());
	browser = await launchBrowser();
	await mkdir(SHOTS, { recursive: true });
}, 300_000);

afterEach(async () => {
	await closePages(browser);
	await sim.setFaults({ outage: false, latencyMs: 0 });
});

afterAll(async () => {
	await closeBrowser(browser);
	await dev?.stop();
	await sim?.close();
});

/** What the service lists in a locale, as its own list endpoint counts it. */
async function listed(locale: string): Promise<number> {
	const url = `${sim.baseUrl}/ws/websites/${sim.websiteId}/products?locale=${locale}&without=inactive&offset=0&limit=1`;
	return ((await (await fetch(url)).json()) as { count_item: number }).count_item;
}

async function openApp(path: string, width = 1280): Promise<{ page: Page; app: Locator }> {
	const page = await browser.newPage({ viewport: { width, height: 800 } });
	await page.goto(`${dev.origin}${path}`);
	const item = page.locator(`astro-dev-toolbar #dev-bar .item[data-app-id="${APP}"]`);
	await item.waitFor();
	const app = page.locator(
		`astro-dev-toolbar-app-canvas[data-app-id="${APP}"] astro-dev-toolbar-window`,
	);
	const heading = app.locator('.body section h2').first();
	// Keyboard-usable: the app opens from its toolbar button with Enter. On a busy machine the
	// toolbar can draw the button before it listens to it: a press it missed is pressed again,
	// never one it took (the window is checked first).
	for (let press = 1; ; press++) {
		await item.focus();
		await page.keyboard.press('Enter');
		const shown = await heading.waitFor({ timeout: 10_000 }).then(
			() => true,
			() => false,
		);
		if (shown || (await heading.isVisible())) break;
		if (press === 3) throw new Error(`The ${APP} app did not open after 3 presses of Enter`);
	}
	return { page, app };
}

describe('the dev toolbar app', () => {
	it('shows the counts per locale, the skipped product with its field path, and a warning', async () => {
		const ref = sim.refs()[1]!;
		const before = syncs();
		const { page, app } = await openApp(`/products/${ref}/`);
		const fr = (await listed('fr')) - 1;
		const en = (await listed('en')) - 1;
		await expect
			.poll(() => app.locator('.body section h2').first().textContent(), WAIT)
			.toBe(`Collection "products": fr ${fr} · en ${en}`);
		const rows = await app.locator('table tbody tr').allTextContents();
		expect(rows).toHaveLength(2);
		for (const locale of ['fr', 'en'])
			expect(rows).toContainEqual(expect.stringContaining(`${invalidRef}${locale}seo_name42`));
		expect(await app.textContent()).toContain('Last sync: ok');
		expect(await app.textContent()).toContain(`Product ${ref} · locale fr · entry id fr/${ref}`);
		// Which field each text comes from: asked of the server only when the button is pressed.
		const answer = (await (
			await fetch(
				`${dev.origin}${await app.getByText('Raw validated record').getAttribute('href')}`,
			)
		).json()) as { data: { external_id: string; seo_name?: string | null; name?: string | null } };
		const record = answer.data;
		expect(record.external_id).toBe(ref);
		const titleFrom = record.seo_name ? 'seo_name' : record.name ? 'name' : 'the ref';
		expect(await app.textContent()).not.toContain('<title> from');
		await app.locator('astro-dev-toolbar-button', { hasText: 'Where its texts come from' }).click();
		await expect
			.poll(() => app.textContent(), WAIT)
			.toContain(`<title> from ${titleFrom} · <h1> from`);
		// Neither the page view, the app's status nor its record ran a content sync.
		expect(syncs()).toBe(before);
		const notification = page.locator(
			`astro-dev-toolbar #dev-bar .item[data-app-id="${APP}"] .notification`,
		);
		await expect.poll(() => notification.getAttribute('data-level'), WAIT).toBe('warning');
		expect(await notification.getAttribute('data-active')).not.toBeNull();
		await page.screenshot({ path: join(SHOTS, 'dev-toolbar-skipped.png') });
	});

	it('Refresh all brings an edit of the service without a restart', async () => {
		const ref = sim.refs()[2]!;
		const { page, app } = await openApp(`/products/${ref}/`);
		sim.updateProduct(ref, { seo_name: 'Edited while astro dev runs' });
		// A slow service: the app shows the sync's progress while it runs: waiting for the first
		// answers, then products received (a short window: the last answers end the sync).
		await sim.setFaults({ latencyMs: 2_500 });
		const button = app.locator('astro-dev-toolbar-button', { hasText: 'Refresh all' });
		await button.locator('button').focus();
		// The store changes, so Astro reloads the page; the app reopens there with the result.
		const reloaded = page.waitForEvent('load', { timeout: 120_000 });
		await page.keyboard.press('Enter');
		await expect
			.poll(() => app.locator('.progress').textContent(), WAIT)
			.toMatch(
				/^Refreshing the whole catalogue… (?:waiting for the service: |\d+ \/ \d+ products, )[1-9]\d* requests, \d+ retries$/,
			);
		await sim.setFaults({ latencyMs: 0 });
		await expect
			.poll(() => app.locator('.progress').textContent(), WAIT)
			.toContain('Refreshed the whole catalogue');
		await reloaded;
		await expect
			.poll(() => app.locator('.progress').textContent(), WAIT)
			.toContain('Refreshed the whole catalogue');
		await page.screenshot({ path: join(SHOTS, 'dev-toolbar-refreshed.png') });
		const html = await (await fetch(`${dev.origin}/products/${ref}/`)).text();
		expect(html).toContain('<title>Edited while astro dev runs');
	});

	it('a failed refresh says so with the reason, turns the notification to error, and keeps the pages', async () => {
		const ref = sim.refs()[3]!;
		const { page, app } = await openApp(`/products/${ref}/`);
		await sim.setFaults({ outage: true });
		await app.locator('astro-dev-toolbar-button', { hasText: 'Refresh this product' }).click();
		await expect
			.poll(() => app.locator('.progress').textContent(), WAIT)
			.toContain('Refresh failed');
		expect(await app.locator('.progress').textContent()).toContain('HTTP 503');
		const notification = page.locator(
			`astro-dev-toolbar #dev-bar .item[data-app-id="${APP}"] .notification`,
		);
		await expect.poll(() => notification.getAttribute('data-level'), WAIT).toBe('error');
		await page.screenshot({ path: join(SHOTS, 'dev-toolbar-failed.png') });
		await sim.setFaults({ outage: false });
		expect((await fetch(`${dev.origin}/products/${ref}/`)).status).toBe(200);
	});

	it('a refresh that changes nothing says so, runs one sync and reloads no page', async () => {
		const ref = sim.refs()[5]!;
		const { page, app } = await openApp(`/products/${ref}/`);
		await page.evaluate(() => {
			(window as unknown as { kept: number }).kept = 1;
		});
		const before = syncs();
		await app.locator('astro-dev-toolbar-button', { hasText: 'Refresh all' }).click();
		await expect
			.poll(() => app.locator('.progress').textContent(), WAIT)
			.toContain('No change: the whole catalogue is as the service has it');
		// The webhook for an unchanged product: no reload either.
		const refreshed = await fetch(`${dev.origin}/_audio-reviews/refresh`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ refs: [ref] }),
		});
		expect(refreshed.status).toBe(200);
		await expect.poll(() => syncs(), WAIT).toBe(before + 2);
		// Astro reloads open pages when its store file changes: it did not.
		await new Promise((resolve) => setTimeout(resolve, 2_000));
		expect(await page.evaluate(() => (window as unknown as { kept?: number }).kept)).toBe(1);
		await page.screenshot({ path: join(SHOTS, 'dev-toolbar-no-change.png') });
	});

	it('reads at a phone-wide toolbar: every skipped field on screen, nothing to scroll sideways', async () => {
		const { app } = await openApp(`/products/${sim.refs()[1]!}/`, 390);
		const body = app.locator('.body');
		await expect.poll(() => app.locator('table tbody tr').count(), WAIT).toBe(2);
		const fits = await body.evaluate((element) => element.scrollWidth <= element.clientWidth);
		expect(fits).toBe(true);
		const problem = app.locator('table tbody tr td[data-label="Problem"]').first();
		// Stacked under its column's name, the header row hidden.
		expect(await problem.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe(
			'"Problem: "',
		);
	});
});

describe('a skipped product in astro dev', () => {
	it('its page says why it is missing: ref, locale, field path and value, still a 404', async () => {
		for (const path of [`/products/${invalidRef}/`, `/en/products/${invalidRef}/`]) {
			const response = await fetch(`${dev.origin}${path}`);
			expect(response.status, path).toBe(404);
			const text = await response.text();
			expect(text).toContain(
				`Product ${invalidRef} (${path.startsWith('/en/') ? 'en' : 'fr'}) was skipped`,
			);
			expect(text).toContain('<code>seo_name</code>');
			expect(text).toContain('(value <code>42</code>)');
		}
		// The refresh webhook applies onInvalid: "skip" as the sync did, and says so.
		const refreshed = await fetch(`${dev.origin}/_audio-reviews/refresh`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ refs: [invalidRef] }),
		});
		expect(refreshed.status).toBe(200);
		expect(await refreshed.json()).toEqual({
			ok: true,
			refreshed: [invalidRef],
			unknown: [],
			skipped: [
				{ ref: invalidRef, locale: 'fr', path: 'seo_name' },
				{ ref: invalidRef, locale: 'en', path: 'seo_name' },
			],
		});
		// Another product's page is Astro's as before.
		expect((await fetch(`${dev.origin}/products/${sim.refs()[0]}/`)).status).toBe(200);
	});
});

describe('a content config edit with a page open', () => {
	it('answers every product page 200 with the data it had during the resync, and the page reloads onto the product', async () => {
		const ref = sim.refs()[6]!;
		const { page } = await openApp(`/products/${ref}/`);
		const title = await page.title();
		// A slow service: the resync after the edit takes seconds, and requests land inside it.
		await sim.setFaults({ latencyMs: 1_500 });
		const from = dev.log().length;
		await appendFile(join(root, 'src/content.config.ts'), '\n// edited while astro dev runs\n');
		await dev.waitFor(/Content config changed/, from);
		const answers: number[] = [];
		while (!/\[content\] Synced content/.test(dev.log().slice(from))) {
			const response = await fetch(`${dev.origin}/products/${ref}/`, {
				signal: AbortSignal.timeout(10_000),
			});
			answers.push(response.status);
			expect(await response.text()).toContain(`<title>${title}`);
		}
		expect(answers.length).toBeGreaterThanOrEqual(3);
		expect(answers.every((status) => status === 200)).toBe(true);
		await sim.setFaults({ latencyMs: 0 });
		await expect.poll(() => page.title(), WAIT).toBe(title);
		expect(await page.locator('vite-error-overlay').count()).toBe(0);
		await page.screenshot({ path: join(SHOTS, 'dev-toolbar-config-edit.png') });
	});
});

describe('astro build', () => {
	it('holds nothing of the dev toolbar app', async () => {
		const site = await buildFixture('basic', {
			env: { ...env(), FIXTURE_ON_INVALID: 'skip' },
			label: 'dev-toolbar-build',
		});
		const files = (await readdir(site.dist, { recursive: true })).filter((file) =>
			/\.(html|js|css)$/.test(file),
		);
		expect(files.length).toBeGreaterThan(0);
		for (const file of files) {
			const text = await readFile(join(site.dist, file), 'utf8');
			expect(text, file).not.toContain(`${APP}:`);
			expect(text, file).not.toContain('astro-dev-toolbar');
			expect(text, file).not.toContain('Refresh all');
		}
	});
});
