import type { AstroGlobal } from 'astro';
import { ProductValidationError } from '../../errors/product-validation-error.js';
import { ResponseFormatError } from '../../errors/response-format-error.js';
import { escapeControl } from '../../errors/untrusted-text.js';
import {
	type CachePolicy,
	type CachePolicyInput,
	cacheControlHeader,
	NO_STORE,
	notFoundCacheControlHeader,
	resolveCachePolicy,
} from '../../live/cache-policy.js';
import { productTag, websiteTag } from '../../live/cache-tags.js';
import type { Product } from '../../schema/product.js';
import { type EmptyProducts, hasPage, isIndexable, type ProductPageProps } from './product-paths.js';

/** The part of `Astro` (or an endpoint's context) the helpers use. */
export interface LivePageContext {
	cache: AstroGlobal['cache'];
	response: { headers: Headers };
}

/** What `getLiveEntry()` returns, reduced to what the helpers read. */
export interface LiveEntryResultLike {
	entry?: { id: string; data: Product; cacheHint?: { tags?: string[]; lastModified?: Date } | undefined } | undefined;
	error?: Error | undefined;
}

export interface LiveProductPageOptions {
	/** The ref the visitor asked for (the route parameter, already decoded by Astro). */
	ref: string;
	/** The route pattern, to build the page's canonical path (default `/products/[ref]`). */
	route?: string;
	/** Whether page URLs end in `/` (default true, as the pre-rendered pages). */
	trailingSlash?: boolean;
	/** The page's locale, for a page of one of the live loader's locales (`/<locale>/products/<ref>/` unless it is `defaultLocale`). */
	locale?: string | undefined;
	/** The unprefixed locale of the site, with `locale`. */
	defaultLocale?: string | undefined;
	/** Tags a 404 with the product and website, so the webhook announcing a new product purges it. */
	websiteId?: string;
	/**
	 * A product without any review, as `audioReviews({ emptyProducts })` treats it in static
	 * builds: `'noindex'` (default) renders it with `noindex, follow`, `'index'` renders it as
	 * any other, `'skip'` answers 404 (cached and tagged like an unknown ref, so the webhook
	 * announcing its first review purges it).
	 */
	emptyProducts?: EmptyProducts;
	/**
	 * Overrides of the cache policy. Unset fields come from the matching `routeRules` entry
	 * (`maxAge`, `swr`), then from `DEFAULT_CACHE_POLICY`.
	 */
	cache?: CachePolicyInput;
}

/**
 * Turns a `getLiveEntry()` result into the props of `<ProductPage>`, or into the response to
 * send instead: 404 for an unknown ref, 503 (502 for data the service sent but that fails the
 * schema) when the service fails. Sets the route cache (tags from the loader's `cacheHint`)
 * and a `Cache-Control` a CDN honours; errors are never cached, so the stale copy a cache
 * still holds keeps being served and the next request retries the service.
 */
export function liveProductPage(
	astro: LivePageContext,
	result: LiveEntryResultLike,
	options: LiveProductPageOptions,
): ProductPageProps | Response {
	const policy = effectivePolicy(astro, options.cache);
	const { entry, error } = result;
	const emptyProducts = options.emptyProducts ?? 'noindex';
	const withoutReviews = entry !== undefined && !error && entry.data.reviews.length === 0;
	if (entry && !error && hasPage(entry.data.reviews.length, emptyProducts)) {
		if (astro.cache.enabled) {
			astro.cache.set({ maxAge: policy.maxAge, swr: policy.swr });
			if (entry.cacheHint) astro.cache.set(entry.cacheHint);
		}
		astro.response.headers.set('Cache-Control', cacheControlHeader(policy));
		const prefix = options.locale === undefined || options.locale === options.defaultLocale ? '' : `/${options.locale}`;
		const path = prefix + livePath(options.route ?? '/products/[ref]', entry.data.external_id, options.trailingSlash ?? true);
		const indexable = isIndexable(entry.data.reviews.length, emptyProducts);
		return {
			product: entry.data,
			locale: options.locale,
			...(options.locale === undefined ? {} : { lang: options.locale }),
			slug: entry.data.external_id,
			path,
			alternates: [],
			defaultLocale: options.locale === undefined ? undefined : options.defaultLocale,
			indexable,
		};
	}
	if (withoutReviews || isNotFound(error)) {
		if (astro.cache.enabled) {
			if (policy.notFoundMaxAge === 0) astro.cache.set(false);
			else {
				astro.cache.set({ maxAge: policy.notFoundMaxAge, swr: 0 });
				if (options.websiteId) astro.cache.set({ tags: [websiteTag(options.websiteId), productTag(options.websiteId, options.ref)] });
			}
		}
		return notFoundResponse(options.ref, policy);
	}
	if (astro.cache.enabled) astro.cache.set(false);
	return liveErrorResponse(error ?? new Error('getLiveEntry() returned neither an entry nor an error'), { ref: options.ref });
}

/** A 404 page for an unknown ref, cacheable briefly by shared caches. */
export function notFoundResponse(ref: string, policy: CachePolicy = resolveCachePolicy()): Response {
	return notFoundPage('Product not found', `No product with the reference <code>${escapeHtml(ref)}</code>.`, policy);
}

/**
 * The 404 of every on-demand route (products, hub pages, sitemap files): a `noindex` page.
 * `message` is HTML: whatever it quotes from the request must be escaped (`escapeHtml`).
 */
export function notFoundPage(title: string, message: string, policy: CachePolicy): Response {
	const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${title}</title></head><body><h1>${title}</h1><p>${message}</p></body></html>`;
	return new Response(body, {
		status: 404,
		headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': notFoundCacheControlHeader(policy) },
	});
}

/**
 * The response for a product that could not be loaded: 502 when the service answered with
 * data that fails the schema, 503 otherwise (unreachable, 5xx, timeout). The body says what
 * happened in plain words; the service's own text never reaches it (it is untrusted).
 */
export function liveErrorResponse(error: Error, context: { ref?: string; what?: string } = {}): Response {
	const badData =
		error instanceof ProductValidationError || error instanceof ResponseFormatError || error.name === 'LiveCollectionValidationError';
	const status = badData ? 502 : 503;
	const what = context.what ?? (context.ref === undefined ? 'This page' : `The page of product ${JSON.stringify(context.ref)}`);
	const why = badData
		? 'the product catalogue service sent data that failed validation'
		: 'the product catalogue service is unavailable or did not answer in time';
	const kind = error.name && /^[A-Za-z]{1,64}$/.test(error.name) ? ` (${error.name})` : '';
	// One line whatever the error: its text may quote the service, and server logs are read by people and parsers.
	console.error(
		escapeControl(
			`[astro-audio-reviews] ${status} for ${context.what?.toLowerCase() ?? (context.ref === undefined ? 'a live product' : `ref ${JSON.stringify(context.ref)}`)}: ${error.message}`,
		),
	);
	return new Response(
		`${status} ${badData ? 'Bad Gateway' : 'Service Unavailable'}: ${what} cannot be shown right now because ${why}${kind}. Please try again in a moment.\n`,
		{
			status,
			headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_STORE, 'Retry-After': '30' },
		},
	);
}

/** `/products/[ref]` (or `[...ref]`) with the ref percent-encoded as one path segment. */
export function livePath(route: string, ref: string, trailingSlash = true): string {
	const replaced = route.replace(/\[(?:\.\.\.)?ref\]/, () => encodeURIComponent(ref)).replace(/\/+$/, '');
	return trailingSlash ? `${replaced}/` : replaced;
}

/** The cache policy of a page: `overrides`, then the matching `routeRules`, then the defaults. */
export function effectivePolicy(astro: LivePageContext, overrides: CachePolicyInput | undefined): CachePolicy {
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

export function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A ref that is its own path segment and file name on every file system. */
const PLAIN_REF = /^[A-Za-z0-9_-]{1,70}$/;

export interface LiveStaticPath {
	params: { ref: string };
	props: ProductPageProps;
}

/**
 * `getStaticPaths()` of the pre-rendered "top N" route of the hybrid recipe, from entries of
 * `getLiveCollection()`. Only refs that are safe as a file name are pre-rendered (plain ASCII,
 * no case twin among the others, which would share a file on macOS/Windows); every other ref
 * simply falls through to the on-demand route, at the same URL scheme.
 */
export function liveStaticPaths(
	entries: readonly { id: string; data: Product }[],
	options: { route?: string; trailingSlash?: boolean; emptyProducts?: EmptyProducts } = {},
): LiveStaticPath[] {
	const emptyProducts = options.emptyProducts ?? 'noindex';
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
		const path = livePath(options.route ?? '/products/[ref]', ref, options.trailingSlash ?? true);
		paths.push({
			params: { ref },
			props: {
				product: entry.data,
				locale: undefined,
				slug: ref,
				path,
				alternates: [],
				defaultLocale: undefined,
				indexable: isIndexable(reviews, emptyProducts),
			},
		});
	}
	return paths;
}
