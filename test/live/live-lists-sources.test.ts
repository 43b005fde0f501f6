import { productsLiveLoader } from 'astro-audio-reviews/loaders';
import { type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveSourceOf } from '../../integration/src/on-demand/collection-source.js';
import { liveHubPage } from '../../integration/src/on-demand/hub-pages.js';
import type { ProductsLiveLoader } from '../../integration/src/on-demand/live-loader/products-live-loader.js';
import {
	liveSitemapFile,
	liveSitemapIndex,
} from '../../integration/src/on-demand/sitemap-routes.js';
import type { HubPageProps } from '../../integration/src/pages/hub-paths.js';
import {
	HOSTILE_WEBSITE_ID,
	type HostileService,
	makeCatalogue,
	startHostileService,
} from '../helpers/hostile-service.js';
import { liveContent } from '../helpers/live-content.js';
import { sitemapLocs } from '../helpers/sitemap-xml.js';
import {
	listsConfig as config,
	listsContext as context,
	NO_ROUTE_CACHE as noCache,
	QUICK_LOADER as quick,
	LISTS_SITE as SITE,
} from './pages.js';

/**
 * The on-demand sitemaps and hub pages called as their routes call them, without a server in
 * between: what they read, from services that break the list's contract and from the live
 * collection the site names. What they list is in live-lists.test.ts.
 */

describe('a service that breaks the list contract', () => {
	let service: HostileService;
	let loader: ProductsLiveLoader;
	let lie: (real: number) => number = (real) => real;
	let shiftAfter = Infinity;
	beforeAll(async () => {
		service = await startHostileService({
			catalogue: makeCatalogue(95),
			countItem: (real) => lie(real),
			misbehave: (request, _res, self) => {
				// A product deleted near the start once the walk is under way: every later page shifts by one.
				if (request.kind === 'list' && self.count('list') === shiftAfter)
					self.catalogue.splice(1, 1);
				return false;
			},
		});
		loader = productsLiveLoader({
			baseUrl: service.url,
			websiteId: HOSTILE_WEBSITE_ID,
			locale: 'en',
			...quick,
		});
	});
	afterAll(() => service?.close());

	it('answers 503 for an index whose count_item the list does not bear out, high or low', async () => {
		for (const wrong of [(real: number) => real * 1000, (real: number) => real - 5]) {
			lie = wrong;
			const response = await liveSitemapIndex(context, config(HOSTILE_WEBSITE_ID, loader));
			expect(response.status).toBe(503);
			expect(response.headers.get('cache-control')).toBe('no-store');
		}
		lie = (real) => real;
		const honest = await liveSitemapIndex(context, config(HOSTILE_WEBSITE_ID, loader));
		expect(sitemapLocs(await honest.text())).toEqual([`${SITE}/sitemap-products-1.xml`]);
	});

	it('walks again when products shift between pages, and lists exactly the catalogue it ends with', async () => {
		const before = service.count('list');
		shiftAfter = before + 3;
		const response = await liveSitemapFile(context, config(HOSTILE_WEBSITE_ID, loader), '1');
		const xml = await response.text();
		expect(response.status, xml).toBe(200);
		expect(service.catalogue).toHaveLength(94);
		expect(sitemapLocs(xml)).toEqual(
			service.catalogue.map((p) => `${SITE}/products/${p.external_id}/`),
		);
		// Ten pages of ten (with their overlap) for the first walk's start, then a full walk.
		expect(service.count('list') - before).toBeGreaterThan(11);
	});

	it('answers 503 rather than a short file when the pages end before count_item', async () => {
		lie = (real) => real + 20;
		try {
			const response = await liveSitemapFile(context, config(HOSTILE_WEBSITE_ID, loader), '1');
			expect(response.status).toBe(503);
			expect(await response.text()).not.toContain('<urlset');
		} finally {
			lie = (real) => real;
		}
	});
});

describe('the live collection the routes read (`collection`)', () => {
	let sim: Simulator;
	let loader: ProductsLiveLoader;
	beforeAll(async () => {
		sim = await startSimulator({ products: 3, seed: 3 });
		loader = productsLiveLoader({
			baseUrl: sim.baseUrl,
			websiteId: sim.websiteId,
			locale: 'en',
			...quick,
		});
	});
	afterAll(() => sim?.close());

	it('says the fix when it names no collection of productsLiveLoader(), or one of another website, and the lists answer 503 no-store', async () => {
		const content = liveContent(loader);
		await expect(liveSourceOf(content, { collection: 'catalogue' })).rejects.toThrow(
			/the live collection "catalogue" \(`onDemand\.collection`, else `collection`, of audioReviews\(\)\) is not a live collection read by productsLiveLoader\(\): define it in src\/live\.config\.ts with productsLiveLoader\(\), or set `onDemand\.collection` to the name of the one that is \(Collection "catalogue" is not a live collection/,
		);
		const otherLoader = {
			name: 'other',
			loadEntry: async () => undefined,
			loadCollection: async () => ({ entries: [] }),
		};
		await expect(
			liveSourceOf(liveContent(otherLoader as never), { collection: 'products' }),
		).rejects.toThrow(/"products" .* is not a live collection read by productsLiveLoader\(\)/);
		await expect(
			liveSourceOf(content, { collection: 'products', websiteId: HOSTILE_WEBSITE_ID }),
		).rejects.toThrow(
			`reads website ${sim.websiteId}, but \`invalidate.websiteId\` of audioReviews() is ${HOSTILE_WEBSITE_ID}: set both to the same website`,
		);
		for (const more of [{ collection: 'catalogue' }, { websiteId: HOSTILE_WEBSITE_ID }]) {
			const response = await liveSitemapIndex(context, config(sim.websiteId, loader, more));
			expect(response.status).toBe(503);
			expect(response.headers.get('cache-control')).toBe('no-store');
		}
		expect((await liveSitemapIndex(context, config(sim.websiteId, loader))).status).toBe(200);
	});

	it('is `onDemand.collection` when set: a hybrid site’s live collection beside its build-time `collection`', async () => {
		const hybrid = {
			collection: 'products',
			liveCollection: 'liveProducts',
			content: liveContent(loader, 'liveProducts'),
		};
		const response = await liveSitemapIndex(context, config(sim.websiteId, loader, hybrid));
		expect(response.status, await response.clone().text()).toBe(200);
		const astro = { cache: noCache, params: {}, response: { headers: new Headers() } };
		expect(
			((await liveHubPage(astro, config(sim.websiteId, loader, hybrid))) as HubPageProps).items,
		).toHaveLength(3);
		const wrong = await liveSitemapIndex(
			context,
			config(sim.websiteId, loader, { liveCollection: 'products', content: hybrid.content }),
		);
		expect(wrong.status).toBe(503);
	});
});
