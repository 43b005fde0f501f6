import { hubBasePath, hubPagePath } from './hub-urls.js';
import { livePath } from './live-page.js';
import type { PageConfig } from './page-config.js';
import { withBase } from './url.js';

/**
 * URLs of the on-demand pages in every locale: the default locale at the route, the others
 * under `/<locale>` (as the static pages), the ref percent-encoded as one segment (`livePath`).
 */
export type LiveUrlConfig = Pick<PageConfig, 'route' | 'trailingSlash' | 'base' | 'defaultLocale'>;

export function liveProductPath(config: LiveUrlConfig, locale: string, defaultLocale: string, ref: string): string {
	const prefix = locale === defaultLocale ? '' : `/${locale}`;
	return `${prefix}${livePath(config.route, ref, config.trailingSlash)}`;
}

/** Site-relative path of page `page` of the locale's hub, or undefined when the route has no hub. */
export function liveHubPath(config: LiveUrlConfig, locale: string, defaultLocale: string, page: number): string | undefined {
	const base = hubBasePath(config.route, locale, defaultLocale);
	return base === undefined ? undefined : hubPagePath(base, page, config.trailingSlash);
}

/** Absolute URL of a site path: `site` when set, else the origin the request came to. */
export function liveAbsoluteUrl(config: LiveUrlConfig, site: URL | undefined, requestUrl: URL, path: string): string {
	return new URL(withBase(config.base, path), site ?? requestUrl.origin).href;
}
