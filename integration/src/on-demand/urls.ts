import pLimit, { type LimitFunction } from 'p-limit';
import type { LiveSource } from '../loaders/products-live-loader.js';
import { pageSettings } from '../options/integration-options.js';
import { hubBasePath, hubPagePath } from '../routing/hub-urls.js';
import type { LocaleRule } from '../routing/locale-routing.js';
import { reviewPageCount } from '../routing/review-pages.js';
import { withBase } from '../routing/url.js';
import type { PageConfig } from '../view/page-config.js';
import { liveLocales } from './catalogue-slices.js';
import type { LiveContent } from './collection-source.js';
import { liveLocaleRule, liveSourceQuery } from './list-routes.js';
import { liveProductPath } from './product-pages.js';

/**
 * URLs of the on-demand pages in every locale, prefixed as the site's routing says (as the static
 * pages; products through `liveProductPath`).
 */
export type LiveUrlConfig = Pick<
	PageConfig,
	'route' | 'trailingSlash' | 'base' | 'defaultLocale' | 'prefixDefaultLocale' | 'localePaths'
>;

/** Site-relative path of page `page` of the locale's hub, or undefined when the route has no hub. */
export function liveHubPath(
	config: LiveUrlConfig,
	locale: string,
	routing: LocaleRule,
	page: number,
): string | undefined {
	const base = hubBasePath(config.route, locale, routing);
	return base === undefined ? undefined : hubPagePath(base, page, config.trailingSlash);
}

/** Absolute URL of a site path: `site` when set, else the origin the request came to. */
export function liveAbsoluteUrl(
	config: LiveUrlConfig,
	site: URL | undefined,
	requestUrl: URL,
	path: string,
): string {
	return new URL(withBase(config.base, path), site ?? requestUrl.origin).href;
}

export type LiveProductUrlsConfig = LiveUrlConfig & {
	/** The Astro `site`: the host the pages are served at. */
	site: string;
};

/**
 * A product's on-demand page in every locale of the live loader `source`
 *, as absolute URLs: the `<loc>`s the on-demand sitemap lists for
 * it, built the same way (what the invalidation webhook submits to IndexNow after a purge).
 */
export function liveProductUrls(
	config: LiveProductUrlsConfig,
	ref: string,
	source: LiveSource | undefined,
	/** How many review pages the product has in a locale, its product page included (default 1). */
	pageCount: (locale: string) => number = () => 1,
): string[] {
	const site = new URL(config.site);
	const url = (locale: string, routing: LocaleRule, page: number) =>
		liveAbsoluteUrl(config, site, site, liveProductPath(config, locale, routing, ref, page));
	if (!source) return [url('', config, 1)];
	const { locales, routing } = liveLocaleRule(source, config);
	return locales.flatMap((locale) =>
		Array.from({ length: pageCount(locale) }, (_, index) => url(locale, routing, index + 1)),
	);
}

/** How long the webhook waits for the purged products to load before it submits their first pages only: a third of the submission's budget. */
export const PURGED_PRODUCT_WAIT_MS = 1000;

/** Product loads in flight at once for one webhook call: it shares the loader's in-flight cap with the visitors. */
export const PURGED_PRODUCT_LOADS = 4;

/** One webhook call's wait, shared by its refs: loads a few at a time, none started after `until`. */
export interface PurgedProductsWait {
	until: number;
	limit: LimitFunction;
}

export function purgedProductsWait(): PurgedProductsWait {
	return { until: Date.now() + PURGED_PRODUCT_WAIT_MS, limit: pLimit(PURGED_PRODUCT_LOADS) };
}

/**
 * `liveProductUrls` with a popular product's further review pages (`<ref>~reviews-<n>`): how many
 * it has in a locale comes from `getLiveEntry(collection, { ref, locale })`, the loader's shared
 * in-flight loads.
 */
export async function livePurgedUrls(
	config: LiveProductUrlsConfig & {
		collection: string;
		liveCollection?: string | undefined;
		reviewsPerPage?: number | undefined;
	},
	content: Pick<LiveContent, 'getLiveEntry'> | undefined,
	source: LiveSource | undefined,
	ref: string,
	wait: PurgedProductsWait = purgedProductsWait(),
): Promise<string[]> {
	if (!source || !content) return liveProductUrls(config, ref, undefined);
	const perPage = pageSettings(config).reviewsPerPage;
	const counts = new Map<string, number>();
	const loads = liveLocales(source.options).map((locale) =>
		wait.limit(async () => {
			if (Date.now() >= wait.until) return;
			const { entry } = await content.getLiveEntry(liveSourceQuery(config).collection, {
				ref,
				locale,
			});
			if (entry) counts.set(locale, reviewPageCount(entry.data.reviews.length, perPage));
		}),
	);
	let timer: ReturnType<typeof setTimeout> | undefined;
	const waited = new Promise<void>((resolve) => {
		timer = setTimeout(resolve, Math.max(0, wait.until - Date.now()));
	});
	await Promise.race([Promise.allSettled(loads), waited]);
	clearTimeout(timer);
	// Read once: a load finishing after the wait changes nothing submitted.
	const settled = new Map(counts);
	return liveProductUrls(config, ref, source, (locale) => settled.get(locale) ?? 1);
}
