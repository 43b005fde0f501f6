import pLimit, { type LimitFunction } from 'p-limit';
import { pageSettings } from '../options/page-settings.js';
import type { PageConfig } from '../pages/page-config.js';
import { hubBasePath, hubPagePath } from '../routing/hub-urls.js';
import type { LocaleRule } from '../routing/locale-routing.js';
import { reviewPageCount } from '../routing/review-pages.js';
import { withBase } from '../routing/url.js';
import type { LiveContent } from './collection-source.js';
import { liveLocaleRule, liveSourceQuery } from './list-routes.js';
import type { LiveSource } from './live-loader/live-source.js';
import { liveLoaderLocales } from './live-loader/products-live-loader.js';
import { liveProductPath } from './product-pages.js';

/** URLs of the on-demand pages in every locale, prefixed as the site's routing says. */
export type LiveUrlConfig = Pick<
	PageConfig,
	'route' | 'trailingSlash' | 'base' | 'defaultLocale' | 'prefixDefaultLocale' | 'localePaths'
>;

export function liveHubPath(
	config: LiveUrlConfig,
	locale: string,
	routing: LocaleRule,
	page: number,
): string | undefined {
	const base = hubBasePath(config.route, locale, routing);
	return base === undefined ? undefined : hubPagePath(base, page, config.trailingSlash);
}

/** Absolute URL of a site path: on `site` when set, else on the request's origin. */
export function liveAbsoluteUrl(
	config: LiveUrlConfig,
	site: URL | undefined,
	requestUrl: URL,
	path: string,
): string {
	return new URL(withBase(config.base, path), site ?? requestUrl.origin).href;
}

export type LiveProductUrlsConfig = LiveUrlConfig & {
	site: string;
};

/** A product's on-demand pages in every locale, as the on-demand sitemap lists them. */
export function liveProductUrls(
	config: LiveProductUrlsConfig,
	ref: string,
	source: LiveSource | undefined,
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

/** How long the webhook waits for purged products to load: a third of its submission budget. */
export const PURGED_PRODUCT_WAIT_MS = 1000;

/** Loads in flight for one webhook call: it shares the loader's in-flight cap with visitors. */
export const PURGED_PRODUCT_LOADS = 4;

export interface PurgedProductsWait {
	until: number;
	limit: LimitFunction;
}

export function purgedProductsWait(): PurgedProductsWait {
	return { until: Date.now() + PURGED_PRODUCT_WAIT_MS, limit: pLimit(PURGED_PRODUCT_LOADS) };
}

/** `liveProductUrls` with a product's further review pages, counted through the loader. */
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
	const loads = liveLoaderLocales(source.options).map((locale) =>
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
