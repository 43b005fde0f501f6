import { type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { type HTMLElement, parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from '../helpers/build-fixture.js';
import { get, nthOnDemandRef, productPath } from './pages.js';
import { type StandaloneServer, startStandalone } from './standalone.js';

/**
 * The on-demand pages inside a shop's site with `base` (CONTRACT.md, "Inside a shop's site"):
 * their breadcrumbs, hub product links and hub pagination are root-relative with `base`, so a
 * staging host serving the same build navigates within itself; canonical and JSON-LD keep `site`.
 */
const SITE = 'https://shop.example.com';
const BASE = '/boutique';
const TOP_N = 3;

let sim: Simulator;
let server: StandaloneServer;

beforeAll(async () => {
	sim = await startSimulator({ products: 10, seed: 17 });
	const env = {
		AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
		FIXTURE_TOP_N: String(TOP_N),
		FIXTURE_BASE: BASE,
		FIXTURE_HUB_PAGE_SIZE: '4',
	};
	const site = await buildFixture('on-demand', { env, label: 'live-links' });
	server = await startStandalone(site.dist, env);
}, 300_000);

afterAll(async () => {
	await server?.close();
	await sim?.close();
});

async function page(path: string): Promise<HTMLElement> {
	const response = await get(server.url, path);
	expect(response.status, `${path}\n${server.log()}`).toBe(200);
	return parse(response.body);
}

/** The hrefs of `<a>` and rel=prev/next links to the site itself (the audio CDN's are another site's). */
function siteLinks(html: HTMLElement, path: string): string[] {
	return html
		.querySelectorAll('a[href], link[rel="prev"], link[rel="next"]')
		.map((link) => link.getAttribute('href')!)
		.filter((href) => new URL(href, new URL(path, SITE)).origin === SITE);
}

describe('links of on-demand pages with `base`', () => {
	it('are root-relative with base on the hub pages and the product pages they lead to, and lead to pages that answer', async () => {
		const followed = new Set<string>();
		const queue = [`${BASE}/products/`, `${BASE}${productPath(nthOnDemandRef(sim, TOP_N, 0))}`];
		while (queue.length > 0) {
			const path = queue.shift()!;
			if (followed.has(path)) continue;
			followed.add(path);
			const html = await page(path);
			if (path.includes('/products/'))
				expect(html.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(
					`${SITE}${path}`,
				);
			for (const href of siteLinks(html, path)) {
				expect(href, `${path}: ${href}`).toMatch(new RegExp(`^${BASE}/`));
				// Product pages lead back to the hub: only hub pages' links are followed, and each once.
				if (
					path.includes('/products/~page-') ||
					path === `${BASE}/products/` ||
					href.endsWith(`${BASE}/products/`)
				)
					queue.push(href);
			}
		}
		const products = [...followed].filter((path) => /\/products\/(?!~page-)[^/]+\/$/.test(path));
		// Every product, pre-rendered or on demand, reached by clicking from the first hub page.
		expect(products).toHaveLength(sim.refs().length);
		expect([...followed]).toContain(`${BASE}/products/~page-2/`);
		expect([...followed]).toContain(`${BASE}/`);
	});
});
