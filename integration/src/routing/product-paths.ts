import { type PageSettings, pageSettings } from '../options/page-settings.js';
import { entryFacts, type WithRendered } from '../schema/entry-metadata.js';
import type { Product } from '../schema/product.js';
import type { PageVersion } from './alternates.js';
import { localeInId, localeOrder } from './catalogue-layout.js';
import { hubBasePath, hubPagePath } from './hub-urls.js';
import { type LocaleRouting, localeSegment, withDefaultLocale } from './locale-routing.js';
import { productPath } from './product-url.js';
import { type ReviewPagePlace, reviewPageCount, reviewPageSegment } from './review-pages.js';
import { createSlugger } from './slug.js';

/** What a product without any review in a locale gets: a `noindex, follow` page, a normal page, or no page. */
export type EmptyProducts = 'noindex' | 'index' | 'skip';

/**
 * Whether a product with `reviews` reviews in a locale has a page there: the one rule of the
 * static pages, `productUrl`, the on-demand pages and their hub and sitemap lists.
 */
export function hasPage(reviews: number, emptyProducts: EmptyProducts): boolean {
	return reviews > 0 || emptyProducts !== 'skip';
}

/** Whether that page may be indexed (`emptyProducts: 'noindex'` keeps a page without reviews out of search). */
export function isIndexable(reviews: number, emptyProducts: EmptyProducts): boolean {
	return reviews > 0 || emptyProducts === 'index';
}

/** The part of a content-collection entry the pages read (`getCollection` returns more). */
export interface ProductEntryLike extends WithRendered {
	id: string;
	data: Product;
	digest?: string | number | undefined;
	/** Set by `getCollection`. */
	collection?: string | undefined;
}

/** The same page in one locale (routing/alternates.ts decides which of them hreflang names). */
export interface Alternate extends PageVersion {
	/** Site-relative path, e.g. `/en/products/chair/` (the first page where that locale has fewer pages). */
	path: string;
	/** Number of the product's reviews and testimonies in that locale (an empty page links to one that has some). */
	reviews?: number | undefined;
}

// A type alias, not an interface: Astro's `Props` needs an implicit index signature.
export type ProductPageProps = {
	product: Product;
	/** The collection entry's id (`fr/SKU-42`); unset on live pages. */
	entryId?: string | undefined;
	/** The locale in the URL; undefined for a single-locale collection. */
	locale: string | undefined;
	/** The language of the page's words and `lang` (a single-locale collection's locale too), if known. */
	lang?: string | undefined;
	slug: string;
	path: string;
	/** Every locale version of this page, this one included, in the loader's locale order. */
	alternates: Alternate[];
	defaultLocale: string | undefined;
	/** False for a page search engines are asked not to index (`noindex, follow`); default true. */
	indexable?: boolean | undefined;
	/** Site-relative path of the first page of this locale's hub, when the site has hub pages. */
	hubPath?: string | undefined;
	/** When the content of this page last changed (ISO), as the loader recorded it; for the sitemap, not rendered. */
	lastmod?: string | undefined;
	/** Which of the product's review pages this is, with the paths of the others; unset, the page shows every review. */
	reviewPage?: ReviewPagePlace | undefined;
	/** The live loader's locales in order (on demand): the page checks its URL serves its locale. */
	liveLocales?: readonly string[] | undefined;
};

export interface StaticPath {
	params: { ref: string; locale?: string };
	props: ProductPageProps;
	cacheKey?: string;
}

/** `defaultLocale`: the configured one, if any; the catalogue settles on its first locale without it. */
export interface PathOptions extends LocaleRouting {
	/** Pattern of the default-locale route, e.g. `/products/[ref]`. */
	route: string;
	/** The collection the entries come from. */
	collection?: string | undefined;
	/** The `routePattern` Astro passes to `getStaticPaths`: which of the two injected routes asks. */
	routePattern?: string | undefined;
	localeRoute?: string | undefined;
	/** Whether page URLs end in `/` (default true); false for `trailingSlash: 'never'`. */
	trailingSlash?: boolean | undefined;
	/** Products without any review in a locale (default `noindex`). */
	emptyProducts?: EmptyProducts | undefined;
	/** Whether the site has hub pages at the route's parent path (default false). */
	hub?: boolean | undefined;
	/** Reviews on a product page and on each further review page (default as `audioReviews()`). */
	reviewsPerPage?: number | undefined;
}

/** The locale an entry's URL is prefixed with, read from its id (see `localeInId`). */
export function routeLocale(entry: ProductEntryLike): string | undefined {
	return localeInId(entry.id, entry.data.external_id);
}

/**
 * The locale of an entry's content: the one in its id with `locales`, else the locale
 * productsLoader() stored with the entry, else `fallback` (the site's default locale).
 */
export function localeOfEntry(entry: ProductEntryLike, fallback?: string): string | undefined {
	return routeLocale(entry) ?? entryFacts(entry)?.locale ?? fallback;
}

/** Page `page` of a product in each locale with a page: that page, else its first (not hreflang's). */
export function pageVersions(
	reviewCounts: ReadonlyArray<{ locale: string; reviews: number }>,
	page: number,
	settings: {
		emptyProducts: EmptyProducts;
		perPage: number;
		pathOf: (locale: string, page: number) => string;
	},
): Alternate[] {
	return reviewCounts
		.filter(({ reviews }) => hasPage(reviews, settings.emptyProducts))
		.map(({ locale, reviews }) => {
			const samePage = page <= reviewPageCount(reviews, settings.perPage);
			return {
				locale,
				path: settings.pathOf(locale, samePage ? page : 1),
				samePage,
				indexable: isIndexable(reviews, settings.emptyProducts),
				reviews,
			};
		});
}

type Versions = Map<string | undefined, ProductEntryLike>;

/**
 * Every product page of the collection: slugs from the refs of all locales together (so a
 * product keeps one slug across locales and case twins in any locale are detected), the
 * locales prefixed as the site's routing says.
 */
export function productPages(
	entries: readonly ProductEntryLike[],
	options: Omit<PathOptions, 'routePattern' | 'localeRoute'>,
): StaticPath[] {
	const settings = pageSettings(options);
	const { byRef, locales } = groupByRef(entries, settings.emptyProducts);
	const loaded = loaderOrder(entries);
	const { defaultLocale, order } = localeOrder(locales, options.defaultLocale, loaded);
	// A one-locale catalogue names no locale in its ids: its pages live where the loader's locale does.
	const routing = withDefaultLocale(options, defaultLocale ?? loaded?.[0] ?? options.defaultLocale);
	const slugger = createSlugger(byRef.keys());
	const paths: StaticPath[] = [];
	const perPage = settings.reviewsPerPage;
	for (const [ref, versions] of byRef) {
		const slug = slugger.slugFor(ref);
		const pathOf = (locale: string | undefined, page: number) =>
			productPath(
				reviewPageSegment(slug, page),
				locale ?? '',
				routing,
				options.route,
				settings.trailingSlash,
			);
		const reviewCounts = order
			.filter((locale) => versions.has(locale))
			.map((locale) => ({ locale, reviews: versions.get(locale)!.data.reviews.length }));
		const alternatesOf = (page: number): Alternate[] =>
			defaultLocale === undefined
				? []
				: pageVersions(reviewCounts, page, { ...settings, perPage, pathOf });
		for (const [locale, entry] of versions) {
			const count = reviewPageCount(entry.data.reviews.length, perPage);
			const reviewPaths = Array.from({ length: count }, (_, index) => pathOf(locale, index + 1));
			for (let page = 1; page <= count; page++) {
				const reviewPage = { page, paths: reviewPaths, perPage };
				paths.push(
					pageOf(
						entry,
						{ locale, slug, alternates: alternatesOf(page), defaultLocale, routing, reviewPage },
						{ ...options, ...settings },
					),
				);
			}
		}
	}
	return paths;
}

/** The catalogue's locales in the alternates' order (the loader's), for the hub pages. */
export function catalogueLocales(
	entries: readonly ProductEntryLike[],
	defaultLocale: string | undefined,
): string[] {
	const locales = [
		...new Set(entries.map(routeLocale).filter((l): l is string => l !== undefined)),
	];
	return localeOrder(locales, defaultLocale, loaderOrder(entries)).order;
}

/** The loader's locale order, as productsLoader() stored it with the entries (one loader fills a collection). */
function loaderOrder(entries: readonly ProductEntryLike[]): readonly string[] | undefined {
	for (const entry of entries) {
		const facts = entryFacts(entry);
		if (facts) return facts.locales;
	}
	return undefined;
}

/** Each ref's entries by locale, and the locales in the order the entries name them. */
function groupByRef(
	entries: readonly ProductEntryLike[],
	emptyProducts: EmptyProducts,
): { byRef: Map<string, Versions>; locales: string[] } {
	const locales: string[] = [];
	const byRef = new Map<string, Versions>();
	for (const entry of entries) {
		const locale = routeLocale(entry);
		if (locale !== undefined && !locales.includes(locale)) locales.push(locale);
		const ref = entry.data.external_id;
		let versions = byRef.get(ref);
		if (!versions) {
			versions = new Map();
			byRef.set(ref, versions);
		}
		// Still slugged with the others: a product's URL must not depend on its siblings' reviews.
		if (hasPage(entry.data.reviews.length, emptyProducts)) versions.set(locale, entry);
	}
	return { byRef, locales };
}

interface PagePlace {
	locale: string | undefined;
	slug: string;
	alternates: Alternate[];
	defaultLocale: string | undefined;
	routing: LocaleRouting;
	reviewPage: ReviewPagePlace;
}

function pageOf(
	entry: ProductEntryLike,
	place: PagePlace,
	options: Omit<PathOptions, 'routePattern' | 'localeRoute'> & PageSettings,
): StaticPath {
	const { locale, slug, alternates, defaultLocale, routing, reviewPage } = place;
	const path = reviewPage.paths[reviewPage.page - 1]!;
	const segment = localeSegment(routing, locale);
	const empty = entry.data.reviews.length === 0;
	const indexable = isIndexable(entry.data.reviews.length, options.emptyProducts);
	const hubBase = options.hub ? hubBasePath(options.route, locale ?? '', routing) : undefined;
	const hubPath =
		hubBase === undefined ? undefined : hubPagePath(hubBase, 1, options.trailingSlash);
	return {
		params:
			segment === undefined
				? { ref: reviewPageSegment(slug, reviewPage.page) }
				: { ref: reviewPageSegment(slug, reviewPage.page), locale: segment },
		props: {
			product: entry.data,
			entryId: entry.id,
			locale,
			lang: localeOfEntry(entry, options.defaultLocale),
			slug,
			path,
			alternates,
			defaultLocale,
			indexable,
			hubPath,
			lastmod: entryFacts(entry)?.contentDate,
			reviewPage,
		},
		// Everything the page renders: the entry's data (its digest), where it lives and its
		// alternates (with their review counts on a page without reviews, which links to them).
		cacheKey:
			entry.digest === undefined
				? undefined
				: `${String(entry.digest)}|${path}|${alternatesKey(alternates, empty)}|${indexable}|${hubPath ?? ''}|${reviewPage.paths.length}/${reviewPage.perPage}`,
	};
}

function alternatesKey(alternates: readonly Alternate[], withCounts: boolean): string {
	return alternates
		.map(
			(a) =>
				`${a.locale}=${a.path}${a.samePage === false ? '~1' : ''}${a.indexable === false ? '!' : ''}${withCounts ? `:${a.reviews ?? 0}` : ''}`,
		)
		.join(',');
}

/** The paths of one injected route: the default-locale route or the `/[locale]` one. */
export function pathsForRoute(all: readonly StaticPath[], options: PathOptions): StaticPath[] {
	const wantsLocale =
		options.routePattern !== undefined &&
		options.localeRoute !== undefined &&
		samePattern(options.routePattern, options.localeRoute);
	return all.filter((path) => (path.params.locale !== undefined) === wantsLocale);
}

function samePattern(a: string, b: string): boolean {
	return a.replace(/^\/+|\/+$/g, '') === b.replace(/^\/+|\/+$/g, '');
}
