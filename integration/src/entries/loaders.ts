// Public entry point `astro-audio-reviews/loaders` (package.json `exports`): a thin barrel over the layers, so no
// layer has to import one above it to re-export it.

export * from '../loaders/index.js';
export {
	LIVE_LOADER_NAME,
	LIVE_REQUEST_DEFAULTS,
	type ProductCollectionFilter,
	type ProductEntryFilter,
	type ProductsLiveLoader,
	type ProductsLiveLoaderOptions,
	productsLiveLoader,
} from '../on-demand/products-live-loader.js';
