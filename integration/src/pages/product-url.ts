/**
 * `productUrl` without reading the collection: a page's slug depends on every ref of the
 * catalogue (case and normalisation twins are escaped), and reading the collection is async.
 * productsLoader() records the refs when the sync ends (`CatalogueIndex`); the slugs are made
 * from them once per sync with the same functions as the pages.
 */
import type { CatalogueIndex } from '../loaders/build-state.js';
import { type LocaleRouting, type LocaleRule, routingOf, withDefaultLocale } from '../routing/locale-routing.js';
import { productPath } from '../seo/page-meta.js';
import { createSlugger } from '../seo/slug.js';
import { localeInId, localeOrder } from './catalogue-layout.js';

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
const computed = new WeakMap<CatalogueIndex, { configured: LocaleRouting; places: CataloguePlaces }>();

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
	const places = { byId, routing: withDefaultLocale(site, defaultLocale ?? index.locales[0] ?? site.defaultLocale) };
	computed.set(index, { configured: site, places });
	return places;
}

function sameRouting(a: LocaleRouting, b: LocaleRouting): boolean {
	return JSON.stringify(withDefaultLocale(a, a.defaultLocale)) === JSON.stringify(withDefaultLocale(b, b.defaultLocale));
}

/** The site-relative path of a place under `route` (a pattern without `[locale]`). */
export function placePath(place: EntryPlace, places: CataloguePlaces, route: string, trailingSlash: boolean): string {
	return productPath(place.slug, place.locale ?? '', places.routing, route, trailingSlash);
}
