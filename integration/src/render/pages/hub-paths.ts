import { fnv1a64 } from '../seo/hash.js';
import { productHeading } from '../seo/page-meta.js';
import type { Alternate, StaticPath } from './product-paths.js';
import { newestDate } from './sitemap.js';

/**
 * Hub pages: per locale, at the product route's parent path (`/products/`, `/en/products/`), the
 * list of the locale's product pages, split into pages of `pageSize`. Page 1 is the parent path
 * itself; page n is `<parent>/~page-<n>/`. A product slug never has this form (plain slugs hold
 * no `~`; escaped ones end in `~` and 12 hex digits), so hub and product URLs cannot collide.
 */
export const HUB_PAGE_SIZE = 48;
const PAGE_SEGMENT = '~page-';
const SAFE_LOCALE = /^[A-Za-z0-9_-]+$/;

/** The `[...page]` param of hub page `n`: none for the first page. */
export function hubPageParam(page: number): string | undefined {
	return page === 1 ? undefined : `${PAGE_SEGMENT}${page}`;
}

/**
 * Site-relative path of the hub of `locale`, without trailing slash (`/products`,
 * `/en/products`), or undefined when the route's parent is the site root, where the hub would
 * take the home page's place.
 */
export function hubBasePath(route: string, locale: string, defaultLocale: string): string | undefined {
	const parent = hubRoute(route);
	if (parent === undefined) return undefined;
	const isDefault = locale === '' || locale === defaultLocale;
	if (!isDefault && !SAFE_LOCALE.test(locale))
		throw new Error(`astro-audio-reviews: ${JSON.stringify(locale)} is not a locale path segment`);
	return `${isDefault ? '' : `/${locale}`}${parent}`;
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

export interface HubItem {
	name: string;
	path: string;
	/** The product page's content date, for the hub page's own. */
	lastmod?: string | undefined;
}

// A type alias, not an interface: Astro's `Props` needs an implicit index signature.
export type HubPageProps = {
	locale: string | undefined;
	/** The language of its products' content (the loader's locale on a one-locale site), when known. */
	lang?: string | undefined;
	defaultLocale: string | undefined;
	/** 1-based number of this page, and how many the locale's hub has. */
	page: number;
	pageCount: number;
	/** Hub path without trailing slash, to build the other pages' links with `hubPagePath`. */
	base: string;
	path: string;
	trailingSlash: boolean;
	items: HubItem[];
	/** Position of the first item in the whole list (for the ItemList's numbering). */
	firstPosition: number;
	total: number;
	/** The same page number in the other locales, where their hub has it. */
	alternates: Alternate[];
	/** The newest content date of the products it lists; for the sitemap, not rendered. */
	lastmod: string | undefined;
};

export interface HubStaticPath {
	params: { page: string | undefined; locale?: string };
	props: HubPageProps;
	/** Everything the page renders, hashed: an unchanged hub page is restored by incremental builds. */
	cacheKey: string;
}

export interface HubOptions {
	route: string;
	trailingSlash?: boolean | undefined;
	pageSize?: number | undefined;
}

/** Every hub page of the site, from the product pages `productPages` made (so exactly the pages that exist). */
export function hubPages(products: readonly StaticPath[], options: HubOptions): HubStaticPath[] {
	const pageSize = options.pageSize ?? HUB_PAGE_SIZE;
	const byLocale = new Map<string | undefined, StaticPath[]>();
	for (const path of products) {
		const list = byLocale.get(path.props.locale);
		if (list) list.push(path);
		else byLocale.set(path.props.locale, [path]);
	}
	const defaultLocale = products[0]?.props.defaultLocale;
	const hubs: LocaleHub[] = [];
	for (const [locale, list] of byLocale) {
		const base = hubBasePath(options.route, locale ?? '', defaultLocale ?? '');
		if (base === undefined) continue;
		const lang = list[0]!.props.lang;
		hubs.push({ locale, lang, base, items: sortedItems(list, lang ?? locale), pageCount: Math.ceil(list.length / pageSize) });
	}
	const site = { defaultLocale, pageSize, trailingSlash: options.trailingSlash ?? true, hubs };
	return hubs.flatMap((hub) => Array.from({ length: hub.pageCount }, (_, index) => hubPage(hub, index + 1, site)));
}

interface LocaleHub {
	locale: string | undefined;
	lang: string | undefined;
	base: string;
	items: HubItem[];
	pageCount: number;
}

interface HubSite {
	defaultLocale: string | undefined;
	pageSize: number;
	trailingSlash: boolean;
	hubs: readonly LocaleHub[];
}

/** The locale's product pages by name in its own collation (ties by path: a stable order). */
function sortedItems(list: readonly StaticPath[], locale: string | undefined): HubItem[] {
	const collator = new Intl.Collator(safeLocale(locale));
	return list
		.map((path): HubItem => ({ name: productHeading(path.props.product), path: path.props.path, lastmod: path.props.lastmod }))
		.sort((a, b) => collator.compare(a.name, b.name) || (a.path < b.path ? -1 : 1));
}

function hubPage(hub: LocaleHub, page: number, site: HubSite): HubStaticPath {
	const { defaultLocale, pageSize, trailingSlash } = site;
	const alternates = site.hubs
		.filter((other) => other.locale !== undefined && page <= other.pageCount)
		.map((other) => ({ locale: other.locale!, path: hubPagePath(other.base, page, trailingSlash) }));
	const items = hub.items.slice((page - 1) * pageSize, page * pageSize);
	const props: HubPageProps = {
		locale: hub.locale,
		lang: hub.lang,
		defaultLocale,
		page,
		pageCount: hub.pageCount,
		base: hub.base,
		path: hubPagePath(hub.base, page, trailingSlash),
		trailingSlash,
		items,
		firstPosition: (page - 1) * pageSize + 1,
		total: hub.items.length,
		alternates: defaultLocale === undefined ? [] : sortDefaultFirst(alternates, defaultLocale),
		lastmod: newestDate(items.map((item) => item.lastmod)),
	};
	const rendered = { ...props, lastmod: undefined, items: items.map(({ name, path }) => [name, path]) };
	const isDefault = hub.locale === undefined || hub.locale === defaultLocale;
	const param = hubPageParam(page);
	return {
		params: isDefault ? { page: param } : { page: param, locale: hub.locale! },
		props,
		cacheKey: `hub|${fnv1a64(JSON.stringify(rendered))}`,
	};
}

function sortDefaultFirst(alternates: Alternate[], defaultLocale: string): Alternate[] {
	return [...alternates.filter((a) => a.locale === defaultLocale), ...alternates.filter((a) => a.locale !== defaultLocale)];
}

function safeLocale(locale: string | undefined): string | undefined {
	if (!locale) return undefined;
	try {
		return Intl.getCanonicalLocales(locale)[0];
	} catch {
		return undefined;
	}
}
