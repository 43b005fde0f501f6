import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevServer, devSite, startDev } from '../helpers/dev-server.js';
import { sitemapLocs } from '../helpers/sitemap-xml.js';

/**
 * The injected on-demand routes under `astro dev`: they find the live loader in the site's live
 * config through the package's virtual module, which imports the file `astro:content` imports.
 * One module instance: the live config runs once, though a page (Astro's live API) and the lists
 * (the package's module) both read it.
 */

const EVALUATED = '[fixture] live config evaluated';

let sim: Simulator;
let dev: DevServer;

beforeAll(async () => {
	sim = await startSimulator({ products: 12, seed: 52, locales: ['en'], reviewsPerProduct: 1 });
	const root = await devSite('on-demand', 'on-demand-dev');
	await appendFile(
		join(root, 'src/live.config.ts'),
		`\nconsole.info(${JSON.stringify(EVALUATED)});\n`,
	);
	dev = await startDev(
		root,
		{ AUDIO_REVIEWS_BASE_URL: sim.baseUrl, AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId },
		{ ready: /Local\s+http/ },
	);
}, 180_000);

afterAll(async () => {
	await dev?.stop();
	await sim?.close();
});

async function get(path: string): Promise<{ status: number; body: string }> {
	const response = await fetch(`${dev.origin}${path}`);
	return { status: response.status, body: await response.text() };
}

describe('astro dev of the on-demand recipe', () => {
	it('serves the sitemaps and hub pages from the loader Astro serves, its live config run once', async () => {
		const refs = sim.listAll({ locale: 'en', without: 'inactive' }).map((p) => p.external_id);
		const product = await get(`/products/${encodeURIComponent(refs[0]!)}/`);
		expect(product.status, dev.log()).toBe(200);

		const index = await get('/sitemap-products.xml');
		expect(index.status, `${index.body}\n${dev.log()}`).toBe(200);
		expect(index.body).toContain('/sitemap-products-1.xml');
		const file = await get('/sitemap-products-1.xml');
		expect(file.status, file.body).toBe(200);
		const urls = refs.map((ref) => `https://shop.example.com/products/${encodeURIComponent(ref)}/`);
		expect(sitemapLocs(file.body).length).toBeGreaterThan(0);
		for (const loc of sitemapLocs(file.body)) expect(urls).toContain(loc);

		const hub = await get('/products/');
		expect(hub.status, hub.body).toBe(200);
		const links = parse(hub.body)
			.querySelectorAll('a[href^="/products/"]')
			.map((a) => a.getAttribute('href'));
		for (const ref of refs) expect(links).toContain(`/products/${encodeURIComponent(ref)}/`);

		expect(dev.log().split(EVALUATED).length - 1, dev.log()).toBe(1);
	});
});
