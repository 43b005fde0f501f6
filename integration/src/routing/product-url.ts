// `productUrl` without reading the collection (async): a slug depends on every ref, so the slugs
// are made once per sync from the refs the loader records.
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

export interface EntryPlace {
	slug: string;
	locale: string | undefined;
}

export interface CataloguePlaces {
	byId: ReadonlyMap<string, EntryPlace>;
	routing: LocaleRouting;
}

const computed = new WeakMap<
	CatalogueIndex,
	{ configured: LocaleRouting; places: CataloguePlaces }
>();

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

export function placePath(
	place: EntryPlace,
	places: CataloguePlaces,
	route: string,
	trailingSlash: boolean,
): string {
	return productPath(place.slug, place.locale ?? '', places.routing, route, trailingSlash);
}

const REF_PARAM = '[ref]';
// The last step before a file path: a `/` or `..` here would write outside `dist/`.
const SAFE_SEGMENT = /^[\p{L}\p{M}\p{N}_~-]+$/u;

/** A product page's site-relative path: slug, locale segment, trailing slash as configured. */
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
