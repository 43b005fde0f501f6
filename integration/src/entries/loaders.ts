// Public entry point `astro-audio-reviews/loaders` (package.json `exports`): each name it gives, from the
// module that defines it.

export {
	LIVE_LOADER_NAME,
	LIVE_REQUEST_DEFAULTS,
	type ProductCollectionFilter,
	type ProductEntryFilter,
	type ProductsLiveLoader,
	type ProductsLiveLoaderOptions,
	productsLiveLoader,
} from '../live-loader/products-live-loader.js';
export { LOADER_NAME, type ProductsLoader } from '../loaders/loader-schema.js';
export { productsLoader } from '../loaders/products-loader.js';
export type { ProductsLoaderOptions } from '../options/loader-options.js';
