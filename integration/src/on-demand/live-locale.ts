import { PageLocaleError } from '../errors/errors.js';
import type { Alternate, ProductPageProps } from '../routing/product-paths.js';
import type { ReviewPagePlace } from '../routing/review-pages.js';
import { entryFacts, type WithRendered } from '../schema/entry-metadata.js';
import type { Product } from '../schema/product.js';

/**
 * The locale an on-demand page is in: the one its route names, else the one its entry was loaded
 * in. A page never guesses: neither known is an error naming what to pass.
 */
export function liveLocaleOf(
	entry: { data: Pick<Product, 'external_id'> } & WithRendered,
	options: { locale?: string | undefined },
): { locale: string; locales: readonly string[] } {
	const facts = entryFacts(entry);
	const locale = options.locale ?? facts?.locale;
	if (locale === undefined)
		throw new PageLocaleError(
			"astro-audio-reviews: this on-demand page's locale is unknown: its entry does not say which locale it was loaded in (productsLiveLoader() records it). Pass the locale this route serves: liveProductPage(Astro, result, { ref, locale: 'fr' }) (liveStaticPaths(entries, { locale: 'fr' })), the same locale as getLiveEntry('products', { ref, locale: 'fr' })",
			{ ref: entry.data.external_id },
		);
	if (options.locale !== undefined && facts && facts.locale !== options.locale)
		throw new PageLocaleError(
			`astro-audio-reviews: the entry was loaded in ${JSON.stringify(facts.locale)}, but the page is asked to be ${JSON.stringify(options.locale)}: load it in that locale, getLiveEntry('products', { ref, locale: ${JSON.stringify(options.locale)} })`,
			{ ref: entry.data.external_id },
		);
	return { locale, locales: facts?.locales ?? [locale] };
}

/** `<ProductPage>` props of an on-demand product: its page in one locale, and its versions in the others. */
export function liveProps(
	product: Product,
	reviewPage: ReviewPagePlace,
	indexable: boolean,
	place: {
		locale: string;
		locales: readonly string[];
		defaultLocale: string | undefined;
		alternates: Alternate[];
	},
): ProductPageProps {
	return {
		product,
		locale: place.locale,
		lang: place.locale,
		slug: product.external_id,
		path: reviewPage.paths[reviewPage.page - 1]!,
		alternates: place.alternates,
		defaultLocale: place.defaultLocale,
		indexable,
		reviewPage,
		liveLocales: place.locales,
	};
}
