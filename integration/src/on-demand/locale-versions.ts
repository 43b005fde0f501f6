import { ERROR_CODES, errorCode } from '../errors/error-codes.js';
import type { Alternate, EmptyProducts } from '../routing/product-paths.js';
import { pageVersions } from '../routing/product-paths.js';

/** The product as the live loader gave it in one of its locales. */
export interface LiveVersion {
	locale: string;
	/** What `getLiveEntry()` returned for it. */
	result: {
		entry?: { data: { reviews: readonly unknown[] } } | undefined;
		error?: Error | undefined;
	};
}

/**
 * An on-demand page's alternates, from the product in each of the loader's locales (in its
 * order): the same rule as the static pages and the on-demand sitemaps, from the same facts
 * (which locales have a page, how many review pages, which are indexable).
 */
export function liveAlternates(
	versions: readonly LiveVersion[],
	page: number,
	settings: {
		emptyProducts: EmptyProducts;
		perPage: number;
		pathOf: (locale: string, page: number) => string;
	},
): Alternate[] {
	const loaded = versions.flatMap(({ locale, result }) =>
		result.entry && !result.error ? [{ locale, reviews: result.entry.data.reviews.length }] : [],
	);
	return pageVersions(loaded, page, settings);
}

/**
 * "No such product": the service's (our `NotFoundError`, by its code: the page's bundle may hold
 * another instance of the errors module) or Astro's `LiveEntryNotFoundError`, which Astro itself
 * knows by its name (`LiveEntryNotFoundError.is`), a class it does not export to integrations.
 */
export function isNotFoundError(error: Error | undefined): boolean {
	return error?.name === 'LiveEntryNotFoundError' || errorCode(error) === ERROR_CODES.notFound;
}

/** The first failure other than "not found" among the versions: the page cannot tell its alternates then. */
export function versionFailure(versions: readonly LiveVersion[]): Error | undefined {
	return versions
		.map(({ result }) => result.error)
		.find((error) => error !== undefined && !isNotFoundError(error));
}
