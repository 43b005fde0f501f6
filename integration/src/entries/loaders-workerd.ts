// Public entry point `astro-audio-reviews/loaders` where the `workerd` condition resolves (Cloudflare
// Workers): the same names, but the build-time loader's sync, which reads and writes the store's
// files, left out of a Worker that has no file system (products-loader-workerd.ts).

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
export { productsLoader } from '../loaders/products-loader-workerd.js';
export type { ProductsLoaderOptions } from '../options/loader-options.js';
