import { type HubOrder, hubSettings, pageSettings } from '../options/page-settings.js';
import { inLocaleOrder } from '../routing/alternates.js';
import { hubBasePath, hubPageParam, hubPagePath } from '../routing/hub-urls.js';
import { type LocaleRouting, localeSegment, withDefaultLocale } from '../routing/locale-routing.js';
import type { Alternate, StaticPath } from '../routing/product-paths.js';
import { fnv1a64 } from '../seo/hash.js';
import { newestDate } from '../sitemaps/sitemap.js';
import { type HubItem, hubItemOf, sortHubItems } from './hub-item.js';

// Hub pages: per locale, the list of the locale's product pages (by name), split into pages of
// `pageSize`, at the hub URLs.

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
	/** This page in every locale with a hub, in the loader's locale order: the same page number, else the first. */
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

/** The site's routing: which hubs get a prefix (the default locale is the product pages'). */
export interface HubOptions extends Pick<LocaleRouting, 'prefixDefaultLocale' | 'localePaths'> {
	route: string;
	trailingSlash?: boolean | undefined;
	pageSize?: number | undefined;
	/** `'name'` (default) or `'rating'`: best rated first. */
	order?: HubOrder | undefined;
	/** The loader's locales, the alternates' order; without it, the order the products name them. */
	localeOrder?: readonly string[] | undefined;
}

/** Every hub page of the site, from the product pages `productPages` made (so exactly the pages that exist). */
export function hubPages(products: readonly StaticPath[], options: HubOptions): HubStaticPath[] {
	const { pageSize, order } = hubSettings(options);
	const byLocale = new Map<string | undefined, StaticPath[]>();
	for (const path of products) {
		const list = byLocale.get(path.props.locale);
		if (list) list.push(path);
		else byLocale.set(path.props.locale, [path]);
	}
	const defaultLocale = products[0]?.props.defaultLocale;
	// A one-locale catalogue's hub lives where its product pages do: under its loader's locale.
	const routing = withDefaultLocale(options, defaultLocale ?? products[0]?.props.lang);
	const hubs: LocaleHub[] = [];
	for (const [locale, list] of byLocale) {
		const base = hubBasePath(options.route, locale ?? '', routing);
		if (base === undefined) continue;
		const lang = list[0]!.props.lang;
		hubs.push({
			locale,
			lang,
			base,
			items: sortedItems(list, lang ?? locale, order),
			pageCount: Math.ceil(list.length / pageSize),
		});
	}
	const site = {
		defaultLocale,
		routing,
		pageSize,
		trailingSlash: pageSettings(options).trailingSlash,
		hubs: inLocaleOrder(
			hubs.filter((hub): hub is LocaleHub & { locale: string } => hub.locale !== undefined),
			options.localeOrder ?? [],
		),
	};
	return hubs.flatMap((hub) =>
		Array.from({ length: hub.pageCount }, (_, index) => hubPage(hub, index + 1, site)),
	);
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
	routing: LocaleRouting;
	pageSize: number;
	trailingSlash: boolean;
	/** The locales' hubs (a one-locale site's has none), in the loader's locale order. */
	hubs: ReadonlyArray<LocaleHub & { locale: string }>;
}

/** The locale's product pages in the hub's order. */
function sortedItems(
	list: readonly StaticPath[],
	locale: string | undefined,
	order: HubOrder,
): HubItem[] {
	const items = list.map((path) =>
		hubItemOf(path.props.product, path.props.path, path.props.lastmod),
	);
	return sortHubItems(items, order, locale);
}

function hubPage(hub: LocaleHub, page: number, site: HubSite): HubStaticPath {
	const { defaultLocale, pageSize, trailingSlash } = site;
	const alternates = site.hubs.map((other) => {
		const samePage = page <= other.pageCount;
		return {
			locale: other.locale,
			path: hubPagePath(other.base, samePage ? page : 1, trailingSlash),
			samePage,
		};
	});
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
		alternates: defaultLocale === undefined ? [] : alternates,
		lastmod: newestDate(items.map((item) => item.lastmod)),
	};
	const rendered = {
		...props,
		lastmod: undefined,
		items: items.map(({ lastmod: _, ...shown }) => shown),
	};
	const segment = localeSegment(site.routing, hub.locale);
	const param = hubPageParam(page);
	return {
		params: segment === undefined ? { page: param } : { page: param, locale: segment },
		props,
		cacheKey: `hub|${fnv1a64(JSON.stringify(rendered))}`,
	};
}
