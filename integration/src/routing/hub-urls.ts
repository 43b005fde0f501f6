// The URLs of hub pages: per locale, at the product route's parent path (`/products/`,
// `/en/products/`), page 1 at the parent path itself and page n at `<parent>/~page-<n>/`.
import { checkedLocalePrefix, type LocaleRule } from './locale-routing.js';

const PAGE_SEGMENT = '~page-';
const SAFE_LOCALE = /^[A-Za-z0-9_-]+$/;

/** The `[...page]` param of hub page `n`: none for the first page. */
export function hubPageParam(page: number): string | undefined {
	return page === 1 ? undefined : `${PAGE_SEGMENT}${page}`;
}

/**
 * Site-relative path of the hub of `locale`, without trailing slash (`/products`,
 * `/en/products`; the prefix as `routing` has it), or undefined when the route's parent is the site root, where the hub would
 * take the home page's place.
 */
export function hubBasePath(
	route: string,
	locale: string,
	routing: LocaleRule,
): string | undefined {
	const parent = hubRoute(route);
	if (parent === undefined) return undefined;
	return `${checkedLocalePrefix(routing, locale, SAFE_LOCALE)}${parent}`;
}

/** The static part of the route before its `[ref]` segment (`/shop/[ref]/reviews` → `/shop`), or undefined for a top-level route. */
export function hubRoute(route: string): string | undefined {
	const segments = route.split('/').filter(Boolean);
	const refAt = segments.findIndex((segment) => segment.includes('[ref]'));
	if (refAt <= 0) return undefined;
	return `/${segments.slice(0, refAt).join('/')}`;
}

/** Site-relative path of page `page` of the hub at `base`. */
export function hubPagePath(base: string, page: number, trailingSlash: boolean): string {
	const param = hubPageParam(page);
	const path = param === undefined ? base : `${base}/${param}`;
	return trailingSlash ? `${path}/` : path;
}
