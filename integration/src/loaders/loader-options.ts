import { parseOptions } from '../options/parse-options.js';
import { sharedOptionsSchema, type ResolvedSharedOptions, type SharedOptions } from '../options/shared-options.js';

export type ProductsLoaderOptions = SharedOptions;
export type ResolvedProductsLoaderOptions = ResolvedSharedOptions;

/** Validated at config time: a typo or a bad id fails `astro build` before any request. */
export function resolveLoaderOptions(options: ProductsLoaderOptions, caller: string): ResolvedProductsLoaderOptions {
	return parseOptions(sharedOptionsSchema, options, caller);
}

/** The locales to load and how entry ids are formed (CONTRACT.md "Entry ids"). */
export function localePlan(options: ResolvedProductsLoaderOptions): {
	locales: readonly string[];
	entryId: (locale: string, ref: string) => string;
} {
	if (options.locales) return { locales: options.locales, entryId: (locale, ref) => `${locale}/${ref}` };
	return { locales: [options.locale], entryId: (_locale, ref) => ref };
}
