import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '../../integration/src/routing/product-url.js';
import { createSlugger } from '../../integration/src/routing/slug.js';
import type { Simulator } from '../../simulator/src/index.js';
import type { BuiltSite } from '../helpers/build-fixture.js';
import { buildSeoSite, CASES, startSeoSimulator } from '../helpers/seo-site.js';

const SITE = 'https://shop.example';
let sim: Simulator;
/**
 * One site, rebuilt by each test in turn (its store, dates file and dist carried over, as a deploy
 * hook's builds are): each test reads its own "before" from the sitemap as it finds it.
 */
let site: BuiltSite;

beforeAll(async () => {
	sim = await startSeoSimulator();
	// Child processes: the sitemap is written where the build runs, as on a deploy hook.
	site = await buildSeoSite(sim, { label: 'sitemap', child: true });
}, 240_000);
afterAll(() => sim?.close());

/** `<loc>` → `<lastmod>` of the sitemap a build wrote (URLs decoded). */
async function sitemap(site: BuiltSite): Promise<Map<string, string | undefined>> {
	const xml = await site.read('sitemap-0.xml');
	const urls = new Map<string, string | undefined>();
	for (const [, body] of xml.matchAll(/<url>(.*?)<\/url>/g)) {
		const loc = /<loc>(.*?)<\/loc>/.exec(body!)![1]!;
		urls.set(decodeURI(loc), /<lastmod>(.*?)<\/lastmod>/.exec(body!)?.[1]);
	}
	return urls;
}

const urlOf = (ref: string, locale: 'fr' | 'en') => {
	const refs = [
		...sim.listAll({ locale: 'fr', without: 'inactive' }),
		...sim.listAll({ locale: 'en', without: 'inactive' }),
	].map((p) => p.external_id);
	return `${SITE}${productPath(createSlugger(refs).slugFor(ref), locale, 'fr')}`;
};

describe('sitemap lastmod from content dates', () => {
	it('moves only the edited product’s lastmod (all locales) on a rebuild, and lists no noindexed page', async () => {
		const before = await sitemap(site);
		const edited = CASES.accented;
		for (const locale of ['fr', 'en'] as const) {
			expect(before.get(urlOf(edited, locale)), `${edited} ${locale}`).toMatch(/^\d{4}-\d\d-\d\dT/);
			expect(before.has(urlOf(CASES.noReviews, locale))).toBe(false);
		}
		const products = [...before.keys()].filter((url) => /\/products\/(?!~page-)[^/]+\/$/.test(url));
		for (const url of products) expect(before.get(url), url).toBeDefined();

		sim.updateProduct(edited, (product) => {
			for (const review of product.reviews)
				review.transcript = `${review.transcript ?? ''} Edited.`;
		});
		// Changed JSON that the pages do not render moves no date.
		sim.updateProduct(CASES.onlyUnrated, { config: { theme: 'dark' } } as never);
		const second = await buildSeoSite(sim, { reuse: site, child: true });
		site = second;
		// Both products' JSON changed in both locales: the loader stored 4 updates.
		expect(second.output).toMatch(/ 0 added, 4 updated, 0 removed/);
		const after = await sitemap(second);

		const moved = products.filter((url) => after.get(url) !== before.get(url));
		expect(moved.sort()).toEqual([urlOf(edited, 'en'), urlOf(edited, 'fr')].sort());
		for (const url of moved) expect(after.get(url)! > before.get(url)!).toBe(true);
		for (const locale of ['fr', 'en'] as const)
			expect(after.has(urlOf(CASES.noReviews, locale))).toBe(false);
		// A hub page's date is the newest of its products'.
		const hubs = [...after.keys()].filter((url) => /\/products\/(~page-\d+\/)?$/.test(url));
		expect(hubs.length).toBeGreaterThan(2);
		for (const hub of hubs) expect(after.get(hub)).toBeDefined();
		expect(hubs.some((hub) => after.get(hub) === after.get(urlOf(edited, 'fr')))).toBe(true);
	}, 300_000);

	it('keeps every lastmod when Astro clears its content store (content.config.ts changed)', async () => {
		const before = await sitemap(site);
		// A loader option the shop adds: Astro sees another content config and empties the store,
		// the loader's meta store with it.
		const config = join(site.root, 'src', 'content.config.ts');
		const source = await readFile(config, 'utf8');
		expect(source).toContain('retryBaseDelayMs: 10,');
		await writeFile(
			config,
			source.replace('retryBaseDelayMs: 10,', 'retryBaseDelayMs: 10,\n\t\t\tconcurrency: 4,'),
		);
		const second = await buildSeoSite(sim, { reuse: site, child: true });
		site = second;
		expect(second.output).toContain('Content config changed');
		expect(second.output).toContain('Clearing content store');
		const after = await sitemap(second);
		expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
		const dated = [...before].filter(([url]) => /\/products\//.test(url));
		expect(dated.length).toBeGreaterThan(10);
		for (const [url, lastmod] of dated) {
			expect(lastmod, url).toMatch(/^\d{4}-\d\d-\d\dT/);
			expect(after.get(url), url).toBe(lastmod);
		}
	}, 300_000);
});
