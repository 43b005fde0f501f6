import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { productsLiveLoader } from '../../integration/src/entries/loaders.js';
import { liveHubPage } from '../../integration/src/on-demand/hub-pages.js';
import type { ProductsLiveLoader } from '../../integration/src/on-demand/live-loader/products-live-loader.js';
import { liveErrorResponse } from '../../integration/src/on-demand/responses.js';
import { liveSitemapFile } from '../../integration/src/on-demand/sitemap-routes.js';
import type { HubPageProps } from '../../integration/src/pages/hub-paths.js';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';
import {
	HOSTILE_WEBSITE_ID,
	type HostileService,
	makeCatalogue,
	startHostileService,
	useHostileServices,
} from '../helpers/hostile-service.js';
import { LYING_SERVICES } from '../helpers/lying-services.js';
import { sitemapLocs } from '../helpers/sitemap-xml.js';
import { get, listsConfig } from './pages.js';
import { type StandaloneServer, startStandalone } from './standalone.js';

/**
 * The on-demand walkers of the catalogue (getLiveCollection(), a sitemap file, a hub page) against the shared table of
 * lying list endpoints (test/helpers/lying-services.ts, which the build's sync runs too): exactly
 * the catalogue, or a 503 `no-store` that no cache keeps.
 */
const SITE = 'https://shop.example.com';
const noCache = { enabled: false } as never;
const config = (loader: ProductsLiveLoader) => listsConfig(HOSTILE_WEBSITE_ID, loader);
const { hostile } = useHostileServices(afterEach);

/** What a walker made of the catalogue: the product paths it lists, or the failure response. */
const walkers = {
	'getLiveCollection()': async (loader: ProductsLiveLoader): Promise<string[] | Response> => {
		const result = await loader.loadCollection({ filter: { limit: 1000 }, collection: 'products' });
		// The error a route would turn into its 503 (liveErrorResponse), as the recipe's getStaticPaths throws it.
		if ('error' in result) return liveErrorResponse(result.error);
		return result.entries.map((entry) => `/products/${entry.id}/`);
	},
	'sitemap file 1': async (loader: ProductsLiveLoader): Promise<string[] | Response> => {
		const response = await liveSitemapFile(
			{ cache: noCache, site: new URL(SITE), url: new URL(`${SITE}/sitemap-products-1.xml`) },
			config(loader),
			'1',
		);
		return response.status === 200
			? sitemapLocs(await response.text()).map((loc) => new URL(loc).pathname)
			: response;
	},
	'hub page 1': async (loader: ProductsLiveLoader): Promise<string[] | Response> => {
		const page = await liveHubPage(
			{ cache: noCache, params: {}, response: { headers: new Headers() } },
			config(loader),
		);
		return page instanceof Response ? page : (page as HubPageProps).items.map((item) => item.path);
	},
};

for (const [walker, walk] of Object.entries(walkers)) {
	describe(`the on-demand ${walker} against a lying list endpoint`, () => {
		for (const lie of LYING_SERVICES) {
			for (const pageSize of lie.pageSizes) {
				it(`${lie.name}, pages of ${pageSize}: ${lie.expected === 'exact' ? 'exactly the catalogue' : '503 no-store'}`, async () => {
					const service = await hostile(lie.service());
					const loader = productsLiveLoader({
						baseUrl: service.url,
						websiteId: HOSTILE_WEBSITE_ID,
						locale: 'en',
						retries: 0,
						pageSize,
					});
					const outcome = await walk(loader);
					if (lie.expected === 'exact') {
						expect(
							outcome instanceof Response ? `${outcome.status} ${await outcome.text()}` : outcome,
						).toEqual(service.catalogue.map((product) => `/products/${product.external_id}/`));
						return;
					}
					expect(outcome).toBeInstanceOf(Response);
					const response = outcome as Response;
					expect(response.status).toBe(503);
					expect(response.headers.get('cache-control')).toBe('no-store');
				});
			}
		}
	});
}

describe('a hub page whose count_item claims products past the positions it walked', () => {
	it('checks the claim before showing a page count from it: 503 for 1,000 claimed on 100 products, the pages of 48 for the truth', async () => {
		const service = await hostile({ catalogue: makeCatalogue(100), countItem: () => 1000 });
		const lyingLoader = productsLiveLoader({
			baseUrl: service.url,
			websiteId: HOSTILE_WEBSITE_ID,
			locale: 'en',
			retries: 0,
		});
		const hub = (loader: ProductsLiveLoader) =>
			liveHubPage(
				{ cache: noCache, params: {}, response: { headers: new Headers() } },
				config(loader),
			);
		const lying = (await hub(lyingLoader)) as Response;
		expect(lying.status).toBe(503);
		expect(lying.headers.get('cache-control')).toBe('no-store');
		const honest = await hostile({ catalogue: makeCatalogue(100) });
		const honestLoader = productsLiveLoader({
			baseUrl: honest.url,
			websiteId: HOSTILE_WEBSITE_ID,
			locale: 'en',
			retries: 0,
		});
		expect(((await hub(honestLoader)) as HubPageProps).pageCount).toBe(3);
	});
});

describe('a sitemap file through the server, count_item 1,000 too low on 3,000 products', () => {
	let service: HostileService;
	let site: BuiltSite;
	let server: StandaloneServer;
	beforeAll(async () => {
		service = await startHostileService({
			catalogue: makeCatalogue(3_000),
			countItem: (real) => real - 1_000,
		});
		const env = {
			AUDIO_REVIEWS_BASE_URL: service.url,
			AUDIO_REVIEWS_WEBSITE_ID: HOSTILE_WEBSITE_ID,
			FIXTURE_TOP_N: '1',
		};
		site = await buildFixture('on-demand', { env, label: 'on-demand-lying-count' });
		server = await startStandalone(site.dist, env);
	}, 240_000);
	afterAll(async () => {
		await server?.close();
		await service?.close();
	});

	it('answers 503 no-store, twice: never a short file, never cached', async () => {
		for (let i = 0; i < 2; i++) {
			const page = await get(server.url, '/sitemap-products-1.xml');
			expect(page.status, page.body.slice(0, 200)).toBe(503);
			expect(page.headers.get('cache-control')).toBe('no-store');
			expect(page.headers.get('x-astro-cache')).not.toBe('HIT');
			expect(page.body).not.toContain('<urlset');
		}
		expect(server.log()).toContain('past count_item 2000');
	});
});
