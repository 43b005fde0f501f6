import {
	type ProductsLoaderOptions,
	resolveProductsLoaderOptions,
} from '../build-sync/loader-options.js';
import { LOADER_NAME, loaderSchema, type ProductsLoader } from '../build-sync/loader-schema.js';
import { AudioReviewsOptionsError } from '../errors/errors.js';

/**
 * `productsLoader()` as a Worker (workerd) imports it: the options checked as everywhere, the sync
 * refused. The build-time sync keeps its state in the store's files, and Astro's content layer
 * runs it in Node, never in a Worker; a Worker that loads the entry point for the live loader
 * must not pull the file system in with it.
 */
export function productsLoader(options: ProductsLoaderOptions): ProductsLoader {
	resolveProductsLoaderOptions(options);
	return {
		name: LOADER_NAME,
		schema: loaderSchema(),
		async load(): Promise<void> {
			throw new AudioReviewsOptionsError(
				'productsLoader() syncs the catalogue at build time, in Node, and cannot run in workerd.',
				'Declare it in src/content.config.ts (Astro syncs it in Node), or load products at request time with productsLiveLoader() in src/live.config.ts.',
			);
		},
	};
}
