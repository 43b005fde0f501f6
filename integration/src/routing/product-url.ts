// `productUrl` without reading the collection: a page's slug depends on every ref of the
// catalogue (case and normalisation twins are escaped), and reading the collection is async.
// productsLoader() records the refs when the sync ends (`CatalogueIndex`); the slugs are made
// from them once per sync with the same functions as the pages.
import { AudioReviewsError } from '../errors/errors.js';
import type { CatalogueIndex } from '../state/build-state.js';
import { localeInId, localeOrder } from './catalogue-layout.js';
import {
	checkedLocalePrefix,
	type LocaleRouting,
	type LocaleRule,
	routingOf,
	withDefaultLocale,
} from './locale-routing.js';
import { createSlugger } from './slug.js';

/** Where one entry's page lives, whatever the route. */
export interface EntryPlace {
	slug: string;
	/** The locale in the URL (undefined for a one-locale collection). */
	locale: string | undefined;
}

export interface CataloguePlaces {
	byId: ReadonlyMap<string, EntryPlace>;
	/** The site's routing, with the default locale the catalogue settled on. */
	routing: LocaleRouting;
}

// One computation per index (a sync makes a new one) and site routing.
const computed = new WeakMap<
	CatalogueIndex,
	{ configured: LocaleRouting; places: CataloguePlaces }
>();

/** The places of every entry of the index, as `productPages` lays the same entries out. */
export function placesOf(index: CatalogueIndex, configured: LocaleRule): CataloguePlaces {
	const cached = computed.get(index);
	const site = routingOf(configured);
	if (cached && sameRouting(cached.configured, site)) return cached.places;
	const slugger = createSlugger(index.entries.map(([, ref]) => ref));
	const byId = new Map<string, EntryPlace>();
	const locales: string[] = [];
	for (const [id, ref] of index.entries) {
		const locale = localeInId(id, ref);
		if (locale !== undefined && !locales.includes(locale)) locales.push(locale);
		byId.set(id, { slug: slugger.slugFor(ref), locale });
	}
	const { defaultLocale } = localeOrder(locales, site.defaultLocale, index.locales);
	// As `productPages`: a one-locale catalogue lives where its loader's locale does.
	const places = {
		byId,
		routing: withDefaultLocale(site, defaultLocale ?? index.locales[0] ?? site.defaultLocale),
	};
	computed.set(index, { configured: site, places });
	return places;
}

function sameRouting(a: LocaleRouting, b: LocaleRouting): boolean {
	return (
		JSON.stringify(withDefaultLocale(a, a.defaultLocale)) ===
		JSON.stringify(withDefaultLocale(b, b.defaultLocale))
	);
}

/** The site-relative path of a place under `route` (a pattern without `[locale]`). */
export function placePath(
	place: EntryPlace,
	places: CataloguePlaces,
	route: string,
	trailingSlash: boolean,
): string {
	return productPath(place.slug, place.locale ?? '', places.routing, route, trailingSlash);
}

const REF_PARAM = '[ref]';
// Locales come from validated options, but this is the last step before a file path is made: a `/`
// or `..` here would write outside `dist/`, so refuse rather than trust the caller.
const SAFE_SEGMENT = /^[\p{L}\p{M}\p{N}_~-]+$/u;

/**
 * Site-relative path of a product page: the pattern's `[ref]` replaced by the slug, prefixed with
 * the locale's segment as `routing` has it, with a trailing slash
 * unless `trailingSlash` is false (Astro's `trailingSlash: 'never'` or `build.format: 'file'`).
 */
export function productPath(
	slug: string,
	locale: string,
	routing: LocaleRule,
	routePattern = '/products/[ref]',
	trailingSlash = true,
): string {
	if (!routePattern.includes(REF_PARAM)) {
		throw new AudioReviewsError(
			`astro-audio-reviews: route pattern ${JSON.stringify(routePattern)} has no ${REF_PARAM} parameter: name the product's segment ${REF_PARAM}, e.g. "/products/${REF_PARAM}"`,
		);
	}
	if (!SAFE_SEGMENT.test(slug))
		throw new AudioReviewsError(
			`astro-audio-reviews: ${JSON.stringify(slug)} is not a product slug: pass the slug getProductStaticPaths() gave the page, not the product ref`,
		);
	const prefix = checkedLocalePrefix(routing, locale, SAFE_SEGMENT);
	// A replacer function, so `$&`-style sequences are never interpreted.
	const path = routePattern
		.replace(REF_PARAM, () => slug)
		.replace(/^\/*/, '/')
		.replace(/\/+$/, '');
	return `${prefix}${path}${trailingSlash ? '/' : ''}`;
}
