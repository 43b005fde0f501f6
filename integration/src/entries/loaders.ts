// Public entry point `astro-audio-reviews/loaders` (package.json `exports`): a thin barrel over the layers, so no
// layer has to import one above it to re-export it.

export {
	LIVE_LOADER_NAME,
	LIVE_REQUEST_DEFAULTS,
	type ProductCollectionFilter,
	type ProductEntryFilter,
	type ProductsLiveLoader,
	type ProductsLiveLoaderOptions,
	productsLiveLoader,
} from '../live/products-live-loader.js';
export * from '../loaders/index.js';
