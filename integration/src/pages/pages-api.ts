// What the injected pages use to find their paths, URLs, locale and rating, public for user routes.
import embeddedCatalogue from 'virtual:astro-audio-reviews/catalogue';
import config from 'virtual:astro-audio-reviews/config';
import { AudioReviewsError } from '../errors/errors.js';
import {
	hasPage,
	localeOfEntry,
	type ProductEntryLike,
	pathsForRoute,
	type StaticPath,
} from '../routing/product-paths.js';
import { placePath, placesOf } from '../routing/product-url.js';
import { isInjectedRoute, parseRoute, siteCatalogue } from '../routing/site-catalogue.js';
import { withBase } from '../routing/url.js';
import type { Product } from '../schema/product.js';
import { productHeading } from '../seo/page-meta.js';
import { type RatingSummary, ratingSummary as summaryOf } from '../seo/review-policy.js';
import { registerSitemapPages } from '../sitemaps/sitemap.js';
import { type CatalogueIndex, recordedCatalogue } from '../state/build-state.js';
import { publishPages } from '../state/published-pages.js';
import { type UiText, uiText } from '../words/ui-text.js';
import type { Words } from '../words/words.js';

/** A ready `getStaticPaths` for your own product route: the injected pages' slugs and props. */
export async function getProductStaticPaths(options: {
	routePattern: string;
}): Promise<StaticPath[]> {
	const { route, withLocale } = parseRoute(options.routePattern);
	const { paths, products } = await siteCatalogue(route);
	const routePaths = pathsForRoute(paths, {
		route,
		routePattern: withLocale ? `/[locale]${route}` : route,
		localeRoute: `/[locale]${route}`,
		defaultLocale: config.defaultLocale,
	});
	// Derived files (the review feed) link to the injected pages, not a user's copy of them.
	if (isInjectedRoute(route)) {
		publishPages(config.collection, products);
		registerSitemapPages(
			config.base,
			routePaths.map(({ props }) => ({
				path: props.path,
				lastmod: props.lastmod,
				indexable: props.indexable ?? true,
			})),
		);
	}
	return routePaths;
}

export interface ProductUrlOptions {
	/** Your own product route (e.g. `/shop/[ref]`); defaults to the injected pages' `route`. */
	route?: string;
}

/** The URL path of an entry's product page (or, with `route`, your route's), base applied. */
export function productUrl(entry: ProductEntryLike, options: ProductUrlOptions = {}): string {
	if (options.route === undefined && !config.injected) {
		throw new AudioReviewsError(
			"astro-audio-reviews: productUrl() has no route to link to: audioReviews({ route: false }) injects no product pages. Pass the pattern of your own route: productUrl(entry, { route: '/shop/[ref]' })",
		);
	}
	const { route } = parseRoute(options.route ?? config.route);
	const places = placesOf(currentCatalogue(), config);
	const place = places.byId.get(entry.id);
	if (place === undefined) {
		throw new AudioReviewsError(
			`astro-audio-reviews: productUrl(): no entry ${JSON.stringify(entry.id)} in collection "${config.collection}" (the collection audioReviews() reads)`,
		);
	}
	if (!hasPage(entry.data.reviews.length, config.emptyProducts)) {
		throw new AudioReviewsError(
			`astro-audio-reviews: productUrl(): ${JSON.stringify(entry.id)} has no page: it has no review, and emptyProducts: 'skip' writes no page for such products. Filter them out (entry.data.reviews.length > 0) before linking`,
		);
	}
	return withBase(config.base, placePath(place, places, route, config.trailingSlash));
}

/** The collection's refs as this process's sync left them, else as the build embedded them. */
function currentCatalogue(): CatalogueIndex {
	const index = recordedCatalogue(config.collection) ?? embeddedCatalogue;
	if (index) return index;
	throw new AudioReviewsError(
		`astro-audio-reviews: productUrl() knows no product of collection "${config.collection}": it reads the refs productsLoader() records when it loads that collection, and no productsLoader() loaded it in this build or dev server. ` +
			`Load it with productsLoader() in src/content.config.ts (\`${config.collection}: defineCollection({ loader: productsLoader({ baseUrl, websiteId }) })\`), or set audioReviews({ collection }) to the name of the collection it loads; ` +
			'call productUrl() from pages, components and endpoints, which Astro renders after the content sync',
	);
}

/** The locale of an entry's content (`fr` for `fr/SKU-42`), else the default locale, else none. */
export function entryLocale(entry: ProductEntryLike): string | undefined {
	return localeOfEntry(entry, config.defaultLocale);
}

/** The name the product page's `<h1>` shows. */
export function productName(entry: {
	data: Pick<Product, 'name' | 'seo_name' | 'external_id'>;
}): string {
	return productHeading(entry.data);
}

/** `{ average, count }` over the rated reviews, as the page shows them; undefined when none. */
export function ratingSummary(entry: {
	data: Pick<Product, 'reviews'>;
}): RatingSummary | undefined {
	return summaryOf(entry.data);
}

/** The words pages show in `locale`, under `uiText` and `extra` overrides; plurals follow it. */
export function pageText(locale: string | undefined, extra?: Partial<Words>): UiText {
	return uiText(locale, config.uiText, extra);
}
