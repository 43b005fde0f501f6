import { hubBasePath, hubPagePath } from '../pages/hub-urls.js';
import type { PageConfig } from '../pages/page-config.js';
import { withBase } from '../seo/url.js';
import { liveLocaleRule } from './list-routes.js';
import { liveProductPath } from './live-page.js';
import type { LiveSource } from './live-source.js';

/**
 * URLs of the on-demand pages in every locale: the default locale at the route, the others
 * under `/<locale>` (as the static pages; products through `liveProductPath`).
 */
export type LiveUrlConfig = Pick<PageConfig, 'route' | 'trailingSlash' | 'base' | 'defaultLocale'>;

/** Site-relative path of page `page` of the locale's hub, or undefined when the route has no hub. */
export function liveHubPath(config: LiveUrlConfig, locale: string, defaultLocale: string, page: number): string | undefined {
	const base = hubBasePath(config.route, locale, defaultLocale);
	return base === undefined ? undefined : hubPagePath(base, page, config.trailingSlash);
}

/** Absolute URL of a site path: `site` when set, else the origin the request came to. */
export function liveAbsoluteUrl(config: LiveUrlConfig, site: URL | undefined, requestUrl: URL, path: string): string {
	return new URL(withBase(config.base, path), site ?? requestUrl.origin).href;
}

export type LiveProductUrlsConfig = LiveUrlConfig & {
	/** The Astro `site`: the host the pages are served at. */
	site: string;
};

/**
 * A product's on-demand page in every locale of the live loader `source` (on-demand/live-source.ts),
 * as absolute URLs: the `<loc>`s the on-demand sitemap lists for it, built the same way (what the
 * invalidation webhook submits to IndexNow after a purge). Without a live loader (a site that
 * only purges), the default locale's page only, at the route without prefix.
 */
export function liveProductUrls(config: LiveProductUrlsConfig, ref: string, source: LiveSource | undefined): string[] {
	const site = new URL(config.site);
	const url = (locale: string, defaultLocale: string) =>
		liveAbsoluteUrl(config, site, site, liveProductPath(config, locale, defaultLocale, ref));
	if (!source) return [url('', '')];
	const { locales, defaultLocale } = liveLocaleRule(source, config.defaultLocale);
	return locales.map((locale) => url(locale, defaultLocale));
}
