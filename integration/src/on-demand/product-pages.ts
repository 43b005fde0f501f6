import type { AstroGlobal } from 'astro';
import { pageSettings } from '../options/page-settings.js';
import {
	type LocaleRouting,
	type LocaleRule,
	localePrefix,
	routingOf,
} from '../routing/locale-routing.js';
import {
	type EmptyProducts,
	hasPage,
	isIndexable,
	type ProductPageProps,
} from '../routing/product-paths.js';
import {
	type ReviewPagePlace,
	reviewPageCount,
	reviewPageSegment,
} from '../routing/review-pages.js';
import type { WithRendered } from '../schema/entry-metadata.js';
import type { Product } from '../schema/product.js';
import { cacheControlHeader } from './cache-policy.js';
import {
	type CachePolicy,
	type CachePolicyInput,
	resolveCachePolicy,
} from './cache-policy-option.js';
import { productTag, websiteTag } from './live-loader/cache-tags.js';
import { liveLocaleOf, liveProps } from './live-locale.js';
import { type LiveVersion, liveAlternates, versionFailure } from './locale-versions.js';
import { liveReviewPage } from './request-ref.js';
import { liveErrorResponse, notFoundResponse, type RequestLogger } from './responses.js';

/** The part of `Astro` (or an endpoint's context) the helpers use. */
export interface LivePageContext {
	cache: AstroGlobal['cache'];
	response: { headers: Headers };
	/** The request and its params (`Astro` has them): which review page the path asks for. */
	request?: Request;
	params?: Record<string, string | undefined>;
	/** Astro's request logger: where a failed load is logged. */
	logger?: RequestLogger | undefined;
}

/** What `getLiveEntry()` returns, reduced to what the helpers read. */
export interface LiveEntryResultLike {
	entry?:
		| ({
				id: string;
				data: Product;
				cacheHint?: { tags?: string[]; lastModified?: Date } | undefined;
		  } & WithRendered)
		| undefined;
	error?: Error | undefined;
}

export interface LiveProductPageOptions {
	/** The ref the visitor asked for (the route parameter, already decoded by Astro). */
	ref: string;
	/** The route pattern, to build the page's canonical path (default `/products/[ref]`). */
	route?: string;
	/** Whether page URLs end in `/` (default true, as the pre-rendered pages). */
	trailingSlash?: boolean;
	/**
	 * The locale the entry was loaded in, which the URL serves (`/<locale>/products/<ref>/` unless
	 * it is the unprefixed one). Unset: the entry's own (productsLiveLoader records it), which this
	 * route then serves unprefixed.
	 */
	locale?: string | undefined;
	/** The unprefixed locale of the site; unset, the page's own without `locale`, else the loader's first. */
	defaultLocale?: string | undefined;
	/** The site's locale routing (Astro's `i18n`), its default locale settled; without it, `defaultLocale` alone is unprefixed. */
	routing?: LocaleRouting | undefined;
	/** Tags a 404 with the product and website, so the webhook announcing a new product purges it. */
	websiteId?: string;
	/**
	 * A product without any review, as `audioReviews({ emptyProducts })` treats it in static
	 * builds.
	 */
	emptyProducts?: EmptyProducts;
	/**
	 * The product in each of the live loader's locales, this one included, in the loader's order
	 * (`getLiveEntry(collection, { ref, locale })` of each): with them the page names its versions
	 * (hreflang between indexable ones, the language links, the layout's `alternates`).
	 */
	versions?: readonly LiveVersion[] | undefined;
	/** Reviews per page, as `audioReviews({ reviewsPerPage })` (default 20): a path past the last review page answers 404. */
	reviewsPerPage?: number;
	/** Overrides of the cache policy. */
	cache?: CachePolicyInput;
}

/**
 * Turns a `getLiveEntry()` result into the props of `<ProductPage>`, or into the response to send
 * instead: 404 for an unknown ref, 503 (502 for data the service sent but that fails the schema)
 * when the service fails.
 */
export function liveProductPage(
	astro: LivePageContext,
	result: LiveEntryResultLike,
	options: LiveProductPageOptions,
): ProductPageProps | Response {
	const policy = effectivePolicy(astro, options.cache);
	const { entry, error } = result;
	const { emptyProducts, route, trailingSlash, reviewsPerPage: perPage } = pageSettings(options);
	const page =
		astro.request && astro.params
			? liveReviewPage({ request: astro.request, params: astro.params }, { route })
			: 1;
	const pageCount = entry ? reviewPageCount(entry.data.reviews.length, perPage) : 1;
	const failure = versionFailure(options.versions ?? []);
	if (entry && !error && failure) {
		if (astro.cache.enabled) astro.cache.set(false);
		return liveErrorResponse(failure, { ref: options.ref });
	}
	if (entry && !error && hasPage(entry.data.reviews.length, emptyProducts) && page <= pageCount) {
		if (astro.cache.enabled) {
			astro.cache.set({ maxAge: policy.maxAge, swr: policy.swr });
			// The product's tags: its review pages are purged with it.
			if (entry.cacheHint) astro.cache.set(entry.cacheHint);
		}
		const { locale, locales } = liveLocaleOf(entry, options);
		astro.response.headers.set('Cache-Control', cacheControlHeader(policy));
		const where = {
			route,
			trailingSlash,
			locale,
			// A route given no locale serves the entry's unprefixed; else the loader's first is.
			routing: options.routing ?? options.defaultLocale ?? (options.locale ? locales[0] : locale),
		};
		const ref = entry.data.external_id;
		const reviewPage = livePagesOf(where, ref, { page, pageCount, perPage });
		const alternates = liveAlternates(options.versions ?? [], page, {
			emptyProducts,
			perPage,
			pathOf: (locale, n) => liveProductPath(where, locale, where.routing, ref, n),
		});
		return liveProps(
			entry.data,
			reviewPage,
			isIndexable(entry.data.reviews.length, emptyProducts),
			{
				locale,
				locales,
				defaultLocale: routingOf(where.routing).defaultLocale,
				alternates,
			},
		);
	}
	// A product without a page (emptyProducts: 'skip'), or a review page past its last: 404 as an unknown ref.
	if ((entry && !error) || isNotFound(error)) {
		if (astro.cache.enabled) {
			if (policy.notFoundMaxAge === 0) astro.cache.set(false);
			else {
				astro.cache.set({ maxAge: policy.notFoundMaxAge, swr: 0 });
				if (options.websiteId)
					astro.cache.set({
						tags: [websiteTag(options.websiteId), productTag(options.websiteId, options.ref)],
					});
			}
		}
		return notFoundResponse(options.ref, policy);
	}
	if (astro.cache.enabled) astro.cache.set(false);
	return liveErrorResponse(
		error ?? new Error('getLiveEntry() returned neither an entry nor an error'),
		{ ref: options.ref, logger: astro.logger },
	);
}

/**
 * `/products/[ref]` (or `[...ref]`) with the ref percent-encoded as one path segment, its `~` too
 * (a literal `~` marks a further review page: `page` 2 and up).
 */
export function livePath(route: string, ref: string, trailingSlash = true, page = 1): string {
	const segment = reviewPageSegment(encodeURIComponent(ref).replaceAll('~', '%7E'), page);
	const replaced = route.replace(/\[(?:\.\.\.)?ref\]/, () => segment).replace(/\/+$/, '');
	return trailingSlash ? `${replaced}/` : replaced;
}

/**
 * Site-relative path of page `page` of a product's on-demand pages in `locale`, prefixed as the
 * site's routing says (as the static pages).
 */
export function liveProductPath(
	config: { route: string; trailingSlash: boolean },
	locale: string,
	routing: LocaleRule,
	ref: string,
	page = 1,
): string {
	return `${localePrefix(routing, locale)}${livePath(config.route, ref, config.trailingSlash, page)}`;
}

/** The review pages of an on-demand product in one locale, this one being `page` of `pageCount`. */
function livePagesOf(
	where: { route: string; trailingSlash: boolean; locale: string; routing: LocaleRule },
	ref: string,
	place: { page: number; pageCount: number; perPage: number },
): ReviewPagePlace {
	const paths = Array.from({ length: place.pageCount }, (_, index) =>
		liveProductPath(where, where.locale, where.routing, ref, index + 1),
	);
	return { page: place.page, paths, perPage: place.perPage };
}

/** The cache policy of a page: `overrides`, then the matching `routeRules`, then the defaults. */
export function effectivePolicy(
	astro: LivePageContext,
	overrides: CachePolicyInput | undefined,
): CachePolicy {
	// routeRules are applied to `Astro.cache` before the page runs: read their maxAge/swr back.
	const fromRules = astro.cache.enabled ? astro.cache.options : {};
	return resolveCachePolicy({
		...(fromRules.maxAge === undefined ? {} : { maxAge: fromRules.maxAge }),
		...(fromRules.swr === undefined ? {} : { swr: fromRules.swr }),
		...overrides,
	});
}

function isNotFound(error: Error | undefined): boolean {
	return error?.name === 'LiveEntryNotFoundError' || error?.name === 'NotFoundError';
}

/** A ref that is its own path segment and file name on every file system. */
const PLAIN_REF = /^[A-Za-z0-9_-]{1,70}$/;

export interface LiveStaticPath {
	params: { ref: string };
	props: ProductPageProps;
}

/**
 * `getStaticPaths()` of the pre-rendered "top N" route of the hybrid recipe, from entries of
 * `getLiveCollection()`.
 */
export function liveStaticPaths(
	entries: readonly ({ id: string; data: Product } & WithRendered)[],
	options: {
		route?: string;
		trailingSlash?: boolean;
		emptyProducts?: EmptyProducts;
		reviewsPerPage?: number;
		/** The locale the entries were loaded in, which this route serves unprefixed; unset, the entries' own. */
		locale?: string;
	} = {},
): LiveStaticPath[] {
	const { emptyProducts, route, trailingSlash, reviewsPerPage: perPage } = pageSettings(options);
	const folded = new Map<string, number>();
	for (const entry of entries) {
		const key = entry.data.external_id.toLowerCase();
		folded.set(key, (folded.get(key) ?? 0) + 1);
	}
	const paths: LiveStaticPath[] = [];
	for (const entry of entries) {
		const ref = entry.data.external_id;
		if (!PLAIN_REF.test(ref) || folded.get(ref.toLowerCase())! > 1) continue;
		// Left to the on-demand route, which answers 404 for it the same way.
		const reviews = entry.data.reviews.length;
		if (!hasPage(reviews, emptyProducts)) continue;
		const pageCount = reviewPageCount(reviews, perPage);
		const indexable = isIndexable(reviews, emptyProducts);
		const { locale, locales } = liveLocaleOf(entry, options);
		// The product's further review pages too: the on-demand route would render them the same.
		for (let page = 1; page <= pageCount; page++) {
			const where = { route, trailingSlash, locale, routing: locale };
			const reviewPage = livePagesOf(where, ref, { page, pageCount, perPage });
			paths.push({
				params: { ref: reviewPageSegment(ref, page) },
				props: liveProps(entry.data, reviewPage, indexable, {
					locale,
					locales,
					defaultLocale: locale,
					alternates: [],
				}),
			});
		}
	}
	return paths;
}
