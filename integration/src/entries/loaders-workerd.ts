// Public entry point `astro-audio-reviews/loaders` where the `workerd` condition resolves (Cloudflare
// Workers): the same names, but the build-time loader's sync, which reads and writes the store's
// files, left out of a Worker that has no file system (products-loader-workerd.ts).

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
export { productsLoader } from '../products-loader/products-loader-workerd.js';
