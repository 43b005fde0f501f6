// Public entry point `astro-audio-reviews/loaders` (package.json `exports`): each name it gives, from the
// module that defines it.

export type { ProductsLoaderOptions } from '../build-sync/loader-options.js';
export { LOADER_NAME, type ProductsLoader } from '../build-sync/loader-schema.js';
export {
	LIVE_LOADER_NAME,
	LIVE_REQUEST_DEFAULTS,
	type ProductCollectionFilter,
	type ProductEntryFilter,
	type ProductsLiveLoader,
	type ProductsLiveLoaderOptions,
	productsLiveLoader,
} from '../on-demand/live-loader/products-live-loader.js';
export { productsLoader } from '../products-loader/products-loader.js';
