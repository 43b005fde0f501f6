import type { APIContext } from 'astro';
import { AudioReviewsError } from '../errors/errors.js';
import { pageSettings } from '../options/page-settings.js';
import { hreflangOf } from '../routing/alternates.js';
import { isIndexable } from '../routing/product-paths.js';
import { reviewPageCount } from '../routing/review-pages.js';
import { type SitemapUrl, sitemapIndexXml, urlsetXml } from '../sitemaps/sitemap-xml.js';
import { catalogueSlice, verifiedCount } from './catalogue-slices.js';
import {
	cacheList,
	type LiveLists,
	type LiveListsConfig,
	listErrorResponse,
	listNotFound,
	liveLists,
	SITEMAP_CACHE_POLICY,
} from './list-routes.js';
import { SHARE_LOADS_IN_FLIGHT } from './live-loader/load-sharing.js';
import { singleFlight } from './live-loader/single-flight.js';
import { SITEMAP_LIMITS } from './on-demand-option.js';
import { liveProductPath } from './product-pages.js';
import { liveAbsoluteUrl, liveHubPath } from './urls.js';

/**
 * The sitemaps of an on-demand catalogue: an index, and files that each cover a fixed range of list
 * positions (50,000 URLs at most: 50,000 products with one locale, 25,000 with two…), every product
 * with an indexable page listed in every such locale with its hreflang alternates.
 */
export type LiveSitemapConfig = LiveListsConfig & {
	/** Site path of the index without `.xml` (`/sitemap-products`); file n is `<path>-<n>.xml`. */
	path: string;
	/** URLs per file (default and maximum 50,000), lowered where long refs push a file past 50 MB. */
	urlsPerFile?: number | undefined;
	/** Site paths of the site's other sitemaps (`@astrojs/sitemap`'s `/sitemap-0.xml`), listed first: one index for the whole site. */
	include?: readonly string[] | undefined;
	/** Reviews per page (`audioReviews({ reviewsPerPage })`): a popular product's further review pages are listed too. */
	reviewsPerPage?: number | undefined;
};

type SitemapContext = Pick<APIContext, 'cache' | 'site' | 'url'> & {
	logger?: Pick<APIContext['logger'], 'warn' | 'error'> | undefined;
};

/**
 * Concurrent requests for the same file (a crawler and a CDN refresh) share one walk, while the
 * live loader shares its loads (not behind a shared cache).
 */
const shared = singleFlight<string | undefined>(SHARE_LOADS_IN_FLIGHT);

export function productsPerFile(config: LiveSitemapConfig, locales: number): number {
	return Math.max(1, Math.floor((config.urlsPerFile ?? SITEMAP_LIMITS.urls) / locales));
}

export async function liveSitemapIndex(
	context: SitemapContext,
	config: LiveSitemapConfig,
): Promise<Response> {
	try {
		const lists = await liveLists(config, context.logger);
		const xml = await shared(
			`${lists.source.options.websiteId}|${context.site ?? context.url.origin}|index`,
			async () => {
				const counts = await Promise.all(
					lists.locales.map((locale) => verifiedCount(lists.source.client, lists.query(locale))),
				);
				const files = Math.max(
					1,
					Math.ceil(Math.max(...counts) / productsPerFile(config, lists.locales.length)),
				);
				const at = (n: number) =>
					liveAbsoluteUrl(config, context.site, context.url, `${config.path}-${n}.xml`);
				const others = (config.include ?? []).map((path) =>
					liveAbsoluteUrl(config, context.site, context.url, path),
				);
				return sitemapIndexXml([
					...others,
					...Array.from({ length: files }, (_, index) => at(index + 1)),
				]);
			},
		);
		return xmlResponse(context, lists, xml!);
	} catch (error) {
		return listErrorResponse(context, error, 'The sitemap index');
	}
}

export async function liveSitemapFile(
	context: SitemapContext,
	config: LiveSitemapConfig,
	file: string | undefined,
): Promise<Response> {
	const n = /^[1-9]\d{0,8}$/.test(file ?? '') ? Number(file) : undefined;
	if (n === undefined) return listNotFound(context, config.websiteId, 'such sitemap file');
	try {
		const lists = await liveLists(config, context.logger);
		// Keyed by origin too: without `site`, URLs are the request's origin's.
		const key = `${lists.source.options.websiteId}|${context.site ?? context.url.origin}|${n}`;
		const xml = await shared(key, () => sitemapFileXml(context, config, lists, n));
		if (xml === undefined)
			return listNotFound(
				context,
				lists.source.options.websiteId,
				`sitemap file ${n}: the catalogue ends before it`,
			);
		return xmlResponse(context, lists, xml);
	} catch (error) {
		return listErrorResponse(context, error, `Sitemap file ${n}`);
	}
}

interface Listed {
	ref: string;
	indexable: boolean;
	/** How many review pages the product has in that locale (its product page included). */
	pages: number;
}

/** The XML of file `n`, or undefined past the catalogue's end. */
async function sitemapFileXml(
	context: SitemapContext,
	config: LiveSitemapConfig,
	lists: LiveLists,
	n: number,
): Promise<string | undefined> {
	const per = productsPerFile(config, lists.locales.length);
	const range = { offset: (n - 1) * per, end: n * per };
	const perPage = pageSettings(config).reviewsPerPage;
	const pick = (product: { external_id: string; reviews: unknown[] }): Listed => ({
		ref: product.external_id,
		indexable: isIndexable(product.reviews.length, config.emptyProducts),
		pages: reviewPageCount(product.reviews.length, perPage),
	});
	const { client, options } = lists.source;
	const slices = await Promise.all(
		lists.locales.map((locale) =>
			catalogueSlice(client, options, lists.query(locale), range, pick),
		),
	);
	if (n > 1 && slices.every((slice) => slice.products.length === 0)) return undefined;
	const url = (path: string) => liveAbsoluteUrl(config, context.site, context.url, path);
	const productUrl = (locale: string, ref: string, page: number) =>
		url(liveProductPath(config, locale, lists.routing, ref, page));
	// Per ref, the locales where its page is indexable and how many review pages each has: page n's alternates are the locales that have a page n.
	const indexableLocales = new Map<string, Array<{ locale: string; pages: number }>>();
	lists.locales.forEach((locale, i) => {
		for (const item of slices[i]!.products)
			if (item.indexable)
				indexableLocales.set(item.ref, [
					...(indexableLocales.get(item.ref) ?? []),
					{ locale, pages: item.pages },
				]);
	});
	const urls: SitemapUrl[] = [];
	lists.locales.forEach((locale, i) => {
		for (const item of slices[i]!.products) {
			if (!item.indexable) continue;
			for (let page = 1; page <= item.pages; page++) {
				// The pages' own rule: the same page number in each locale where it is indexable.
				const versions = indexableLocales.get(item.ref)!.map((other) => ({
					locale: other.locale,
					path: '',
					samePage: page <= other.pages,
				}));
				const { links } = hreflangOf(versions, { locale, indexable: true }, undefined);
				const alternates = links.map((other) => ({
					hreflang: other.locale,
					href: productUrl(other.locale, item.ref, page),
				}));
				urls.push({ loc: productUrl(locale, item.ref, page), alternates });
			}
		}
	});
	// A urlset needs one URL: a range of noindexed products only lists the hub (or the home page).
	const hub =
		config.hub === false ? undefined : liveHubPath(config, lists.defaultLocale, lists.routing, 1);
	if (urls.length === 0) urls.push({ loc: url(hub ?? '/'), alternates: [] });
	if (urls.length > SITEMAP_LIMITS.urls) {
		throw new AudioReviewsError(
			`sitemap ${n} would list ${urls.length} URLs (review pages included), over the 50,000 sitemaps.org allow: lower \`onDemand.sitemap.urlsPerFile\` (now ${per * lists.locales.length})`,
		);
	}
	const xml = urlsetXml(urls);
	const bytes = new TextEncoder().encode(xml).byteLength;
	if (bytes > SITEMAP_LIMITS.bytes) {
		throw new AudioReviewsError(
			`sitemap ${n} would weigh ${bytes} bytes, over the 50 MB sitemaps.org allow: lower \`onDemand.sitemap.urlsPerFile\` (now ${per * lists.locales.length})`,
		);
	}
	return xml;
}

function xmlResponse(context: SitemapContext, lists: LiveLists, xml: string): Response {
	const headers = new Headers({ 'Content-Type': 'application/xml; charset=utf-8' });
	cacheList(context, lists.source.options.websiteId, SITEMAP_CACHE_POLICY, headers);
	return new Response(xml, { status: 200, headers });
}
