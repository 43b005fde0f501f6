// Public entry point `astro-audio-reviews/loaders` (package.json `exports`): a thin barrel over the layers, so no
// layer has to import one above it to re-export it.
export * from '../loaders/index.js';
export { productsLiveLoader, LIVE_LOADER_NAME, LIVE_REQUEST_DEFAULTS, type ProductsLiveLoader, type ProductsLiveLoaderOptions, type ProductEntryFilter, type ProductCollectionFilter } from '../live/products-live-loader.js';
export { productTag, websiteTag } from '../live/cache-tags.js';
