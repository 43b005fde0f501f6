import type { ServerResponse } from 'node:http';
import { setTimeout } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { productsLiveLoader } from '../../integration/src/on-demand/live-loader/products-live-loader.js';
import {
	livePurgedUrls,
	PURGED_PRODUCT_LOADS,
	PURGED_PRODUCT_WAIT_MS,
	purgedProductsWait,
} from '../../integration/src/on-demand/urls.js';
import {
	HOSTILE_WEBSITE_ID,
	makeCatalogue,
	type SeenRequest,
	useHostileServices,
} from '../helpers/hostile-service.js';
import { lentSource, liveContent } from '../helpers/live-content.js';

/**
 * The pages the purge webhook submits to IndexNow for one product (`indexNow.submitPurged`), the
 * live loader reached as the webhook's route reaches it: review pages counted from the product's
 * live entry in each locale, its product pages alone when that entry does not come in time. The
 * webhook itself, through a server, is in index-now-webhook.test.ts.
 */
const SITE = 'https://shop.example.com';
const { hostile } = useHostileServices(afterEach);
/** One review a page: the catalogue's products (two reviews each) have two pages. */
const config = {
	route: '/products/[...ref]',
	trailingSlash: true,
	base: '/',
	defaultLocale: undefined,
	site: SITE,
	collection: 'products',
	reviewsPerPage: 1,
};
const page = (prefix: string, ref: string, n = 1) =>
	`${SITE}${prefix}/products/${ref}${n === 1 ? '' : `~reviews-${n}`}/`;

async function liveLoader(url: string) {
	const loader = productsLiveLoader({
		baseUrl: url,
		websiteId: HOSTILE_WEBSITE_ID,
		locales: ['en', 'fr'],
		retries: 0,
		timeoutMs: 3000,
	});
	return { content: liveContent(loader), source: await lentSource(loader) };
}

describe('the pages the purge webhook submits for a product', () => {
	it('lists its further review pages in each locale, as many as its live entry has', async () => {
		const service = await hostile({ catalogue: makeCatalogue(1) });
		const { content, source } = await liveLoader(service.url);
		expect(await livePurgedUrls(config, content, source, 'SKU-0')).toEqual([
			page('', 'SKU-0'),
			page('', 'SKU-0', 2),
			page('/fr', 'SKU-0'),
			page('/fr', 'SKU-0', 2),
		]);
	});

	it("follows Astro's i18n routing: with prefixDefaultLocale, every locale under its prefix, none at the bare route", async () => {
		const service = await hostile({ catalogue: makeCatalogue(1) });
		const { content, source } = await liveLoader(service.url);
		// As the integration settles it from i18n: { locales: ['en', 'fr'], defaultLocale: 'en', routing: { prefixDefaultLocale: true } }.
		const routing = {
			defaultLocale: 'en',
			prefixDefaultLocale: true,
			localePaths: { en: 'en', fr: 'fr' },
		};
		expect(await livePurgedUrls({ ...config, ...routing }, content, source, 'SKU-0')).toEqual([
			page('/en', 'SKU-0'),
			page('/en', 'SKU-0', 2),
			page('/fr', 'SKU-0'),
			page('/fr', 'SKU-0', 2),
		]);
		// The default locale that is not the loader's first stays unprefixed, the first gets its prefix.
		expect(
			await livePurgedUrls({ ...config, defaultLocale: 'fr' }, content, source, 'SKU-0'),
		).toEqual([
			page('/en', 'SKU-0'),
			page('/en', 'SKU-0', 2),
			page('', 'SKU-0'),
			page('', 'SKU-0', 2),
		]);
	});

	it('lists its product pages only when the service does not know the ref, or answers after the wait', async () => {
		// SKU-1's entry comes, whole, half a second after the webhook stopped waiting for it.
		const late = async (request: SeenRequest) => {
			if (request.kind === 'single' && request.ref === 'SKU-1')
				await setTimeout(PURGED_PRODUCT_WAIT_MS + 500);
			return false;
		};
		const service = await hostile({ catalogue: makeCatalogue(2), misbehave: late });
		const { content, source } = await liveLoader(service.url);
		expect(await livePurgedUrls(config, content, source, 'gone')).toEqual([
			page('', 'gone'),
			page('/fr', 'gone'),
		]);
		expect(await livePurgedUrls(config, content, source, 'SKU-1')).toEqual([
			page('', 'SKU-1'),
			page('/fr', 'SKU-1'),
		]);
		// Its entry did come: only the wait left its review pages out.
		expect(
			(await content.getLiveEntry('products', { ref: 'SKU-1', locale: 'en' })).entry?.data.reviews,
		).toHaveLength(2);
	});

	it('loads the products of one call a few at a time, sharing the loader with the visitors', async () => {
		let inFlight = 0;
		let most = 0;
		const counted = async (request: SeenRequest, res: ServerResponse) => {
			if (request.kind !== 'single') return false;
			most = Math.max(most, ++inFlight);
			res.on('close', () => inFlight--);
			await setTimeout(20);
			return false;
		};
		const service = await hostile({ catalogue: makeCatalogue(8), misbehave: counted });
		const { content, source } = await liveLoader(service.url);
		const wait = purgedProductsWait();
		const refs = service.catalogue.map((product) => product.external_id);
		const urls = await Promise.all(
			refs.map((ref) => livePurgedUrls(config, content, source, ref, wait)),
		);
		expect(most).toBe(PURGED_PRODUCT_LOADS);
		// 16 loads of 20 ms, four at a time, end well within the wait: every review page is listed.
		expect(urls).toEqual(
			refs.map((ref) => [page('', ref), page('', ref, 2), page('/fr', ref), page('/fr', ref, 2)]),
		);
	});

	it('lists the default locale’s product page only without a live loader (a site that only purges)', async () => {
		expect(await livePurgedUrls(config, undefined, undefined, 'SKU-0')).toEqual([
			page('', 'SKU-0'),
		]);
	});
});
