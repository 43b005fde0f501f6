/**
 * `astro-audio-reviews/pages`: what the injected pages use to find their paths, URLs, locale and
 * rating, public for the user's own routes and links. Runs inside Astro (it reads the content
 * collection and the integration's options), so `audioReviews()` must be in the config.
 */
import config from 'virtual:astro-audio-reviews/config';
import type { Product } from '../../schema/product.js';
import { type RatingSummary, ratingSummary as summaryOf } from '../seo/review-policy.js';
import { requireEntries } from './collection-check.js';
import { localeOfEntry, type ProductEntryLike, pathsForRoute, productPages, type StaticPath } from './product-paths.js';
import { publishPages } from './published-pages.js';
import { registerSitemapPages } from './sitemap.js';
import { type UiText, uiText } from './ui-text.js';
import { withBase } from './url.js';
import type { Words } from './words.js';

export type { RatingSummary } from '../seo/review-policy.js';
export type { Alternate, ProductEntryLike, ProductPageProps, StaticPath } from './product-paths.js';
export type { UiText } from './ui-text.js';
export type { Phrase, PluralForms, WordKey, Words } from './words.js';

interface Catalogue {
	paths: StaticPath[];
	byId: Map<string, StaticPath>;
}

// Per route pattern. Entries keep their `data` object while the store is unchanged, so a lookup
// whose data is not the cached one means the collection changed (a dev refresh): load it again.
const catalogues = new Map<string, Promise<Catalogue>>();

let warnedNoDigest = false;

async function readCollection(): Promise<ProductEntryLike[]> {
	// Resolved by Astro's Vite plugin; kept out of the type-checked imports (`astro:content` is typed per site).
	const content = (await import('astro:content' as string)) as { getCollection(name: string): Promise<ProductEntryLike[]> };
	const entries = await content.getCollection(config.collection);
	requireEntries(entries, config.collection);
	if (!warnedNoDigest && entries.length > 0 && entries[0]!.digest === undefined) {
		warnedNoDigest = true;
		console.warn(
			`[astro-audio-reviews] Entries of collection "${config.collection}" carry no digest, so incremental builds cannot skip unchanged product pages. Load the collection with productsLoader().`,
		);
	}
	return entries;
}

async function loadCatalogue(route: string): Promise<Catalogue> {
	const entries = await readCollection();
	const paths = productPages(entries, {
		route,
		defaultLocale: config.defaultLocale,
		collection: config.collection,
		trailingSlash: config.trailingSlash,
		emptyProducts: config.emptyProducts,
		// Hub pages sit at the injected route's parent: only its pages link back to one.
		hub: config.hub !== false && isInjectedRoute(route),
	});
	return { paths, byId: new Map(paths.map((path) => [path.props.entryId!, path])) };
}

function catalogue(route: string, reload = false): Promise<Catalogue> {
	let loaded = catalogues.get(route);
	if (loaded === undefined || reload) {
		loaded = loadCatalogue(route);
		catalogues.set(route, loaded);
		const attempt = loaded;
		attempt.catch(() => {
			if (catalogues.get(route) === attempt) catalogues.delete(route);
		});
	}
	return loaded;
}

/** `/[locale]/shop/[ref]` → `/shop/[ref]` with `withLocale`; throws for a pattern the helpers cannot fill. */
function parseRoute(pattern: string): { route: string; withLocale: boolean } {
	const normalized = `/${pattern.replace(/^\/+|\/+$/g, '')}`;
	const withLocale = normalized.startsWith('/[locale]/');
	const route = withLocale ? normalized.slice('/[locale]'.length) : normalized;
	if (!route.includes('[ref]') || route.includes('[locale]') || /\[(?!ref\]|locale\])/.test(route)) {
		throw new Error(
			`astro-audio-reviews: route ${JSON.stringify(pattern)} cannot hold product pages: use a [ref] parameter, and [locale] only as the first segment (e.g. src/pages/shop/[ref].astro and src/pages/[locale]/shop/[ref].astro)`,
		);
	}
	return { route, withLocale };
}

function isInjectedRoute(route: string): boolean {
	return config.injected && route === parseRoute(config.route).route;
}

/**
 * A ready `getStaticPaths` for a product route of your own (`export const getStaticPaths =
 * getProductStaticPaths`): same slugs, props and cache keys as the injected pages. A route
 * without `[locale]` gets the first locale's pages; `/[locale]/…/[ref]` gets the other locales'.
 */
export async function getProductStaticPaths(options: { routePattern: string }): Promise<StaticPath[]> {
	const { route, withLocale } = parseRoute(options.routePattern);
	// Read afresh: in `astro dev` the collection changes between requests.
	const { paths } = await catalogue(route, true);
	const routePaths = pathsForRoute(paths, {
		route,
		routePattern: withLocale ? `/[locale]${route}` : route,
		localeRoute: `/[locale]${route}`,
		defaultLocale: config.defaultLocale,
	});
	// The injected pages, not a user's own copy of them, are what files derived from the pages (the review feed) link to.
	if (isInjectedRoute(route)) {
		publishPages(config.collection, options.routePattern, routePaths);
		registerSitemapPages(
			config.base,
			routePaths.map(({ props }) => ({ path: props.path, lastmod: props.lastmod, indexable: props.indexable ?? true })),
		);
	}
	return routePaths;
}

/** Options of `productUrl`. */
export interface ProductUrlOptions {
	/** Pattern of your own product route (e.g. `/shop/[ref]`); defaults to the injected pages' `route`. */
	route?: string;
}

/**
 * The URL path of an entry's product page, `base` and `trailingSlash` applied: the injected
 * page's (or, with `route`, your own route's). Reads the collection, because a ref's slug can
 * depend on the other refs of the catalogue (case twins).
 */
export async function productUrl(entry: ProductEntryLike, options: ProductUrlOptions = {}): Promise<string> {
	if (options.route === undefined && !config.injected) {
		throw new Error(
			"astro-audio-reviews: productUrl() has no route to link to: audioReviews({ route: false }) injects no product pages. Pass the pattern of your own route: productUrl(entry, { route: '/shop/[ref]' })",
		);
	}
	const { route } = parseRoute(options.route ?? config.route);
	let found = (await catalogue(route)).byId.get(entry.id);
	if (found?.props.product !== entry.data) found = (await catalogue(route, true)).byId.get(entry.id);
	if (found === undefined && config.emptyProducts === 'skip' && entry.data.reviews.length === 0) {
		throw new Error(
			`astro-audio-reviews: productUrl(): ${JSON.stringify(entry.id)} has no page: it has no review, and emptyProducts: 'skip' writes no page for such products. Filter them out (entry.data.reviews.length > 0) before linking`,
		);
	}
	if (found === undefined) {
		throw new Error(
			`astro-audio-reviews: productUrl(): no entry ${JSON.stringify(entry.id)} in collection "${config.collection}" (the collection audioReviews() reads)`,
		);
	}
	return withBase(config.base, found.props.path);
}

/** The locale of an entry's content (`fr` for `fr/SKU-42`; the loader's locale with one locale), or undefined when unknown. */
export function entryLocale(entry: ProductEntryLike): string | undefined {
	return localeOfEntry(entry, entry.collection ?? config.collection, config.defaultLocale);
}

/** `{ average, count }` over the product's rated reviews (the numbers its page and JSON-LD show), or undefined when none is rated. */
export function ratingSummary(entry: { data: Pick<Product, 'reviews'> }): RatingSummary | undefined {
	return summaryOf(entry.data);
}

/**
 * The words pages show in `locale`: built-in, under the integration's `uiText` overrides, under
 * `extra`. `text('average', { average: 4.5, count: 3 })`; numbers and plurals follow the locale.
 */
export function pageText(locale: string | undefined, extra?: Partial<Words>): UiText {
	return uiText(locale, config.uiText, extra);
}
