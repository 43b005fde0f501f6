// The product pages of the collection `audioReviews()` reads, computed once per route pattern and
// shared by everything that needs them in one build: the product routes and the hub routes
// (`productUrl` lays out the loader's index of the same entries).

import config from 'virtual:astro-audio-reviews/config';
import { AudioReviewsError } from '../errors/errors.js';
import { requireEntries } from './collection-check.js';
import {
	catalogueLocales,
	type ProductEntryLike,
	productPages,
	type StaticPath,
} from './product-paths.js';
import { isProductPage } from './review-pages.js';

export interface Catalogue {
	/** Every page: product pages and their further review pages. */
	paths: StaticPath[];
	/** The product pages (each product's first page), what hub pages list. */
	products: StaticPath[];
	/** The catalogue's locales in the loader's order. */
	locales: string[];
}

interface Cached {
	/** The entries the paths were made from: the same objects mean the collection did not change. */
	entries: readonly ProductEntryLike[];
	catalogue: Catalogue;
}

const catalogues = new Map<string, Cached>();

async function readCollection(): Promise<ProductEntryLike[]> {
	// Resolved by Astro's Vite plugin; kept out of the type-checked imports (`astro:content` is typed per site).
	const content = (await import('astro:content' as string)) as {
		getCollection(name: string): Promise<ProductEntryLike[]>;
	};
	const entries = await content.getCollection(config.collection);
	requireEntries(entries, config.collection);
	return entries;
}

// Astro hands out the same `data` (and `rendered`, where the loader keeps the entry's content
// date) objects for an entry while the store holds it unchanged, so
// comparing identities (cheap, unlike recomputing slugs for every product) tells a dev refresh
// or a new build apart from a second reader of the same collection.
function sameEntries(a: readonly ProductEntryLike[], b: readonly ProductEntryLike[]): boolean {
	return (
		a.length === b.length &&
		a.every(
			(entry, index) =>
				entry.id === b[index]!.id &&
				entry.data === b[index]!.data &&
				entry.rendered === b[index]!.rendered,
		)
	);
}

/** The pages of `route` (a pattern without `[locale]`) for the collection as it is now. */
export async function siteCatalogue(route: string): Promise<Catalogue> {
	const entries = await readCollection();
	const cached = catalogues.get(route);
	if (cached && sameEntries(cached.entries, entries)) return cached.catalogue;
	const paths = productPages(entries, {
		route,
		defaultLocale: config.defaultLocale,
		prefixDefaultLocale: config.prefixDefaultLocale,
		localePaths: config.localePaths,
		collection: config.collection,
		trailingSlash: config.trailingSlash,
		emptyProducts: config.emptyProducts,
		reviewsPerPage: config.reviewsPerPage,
		// Hub pages sit at the injected route's parent: only its pages link back to one.
		hub: config.hub !== false && isInjectedRoute(route),
	});
	const catalogue = {
		paths,
		products: paths.filter((path) => isProductPage(path.props)),
		locales: catalogueLocales(entries, config.defaultLocale),
	};
	catalogues.set(route, { entries, catalogue });
	return catalogue;
}

/** `/[locale]/shop/[ref]` → `/shop/[ref]` with `withLocale`; throws for a pattern the helpers cannot fill. */
export function parseRoute(pattern: string): { route: string; withLocale: boolean } {
	const normalized = `/${pattern.replace(/^\/+|\/+$/g, '')}`;
	const withLocale = normalized.startsWith('/[locale]/');
	const route = withLocale ? normalized.slice('/[locale]'.length) : normalized;
	if (
		!route.includes('[ref]') ||
		route.includes('[locale]') ||
		/\[(?!ref\]|locale\])/.test(route)
	) {
		throw new AudioReviewsError(
			`astro-audio-reviews: route ${JSON.stringify(pattern)} cannot hold product pages: use a [ref] parameter, and [locale] only as the first segment (e.g. src/pages/shop/[ref].astro and src/pages/[locale]/shop/[ref].astro)`,
		);
	}
	return { route, withLocale };
}

/** Whether `route` is the one `audioReviews()` injected (its pages are the published ones). */
export function isInjectedRoute(route: string): boolean {
	return config.injected && route === parseRoute(config.route).route;
}
