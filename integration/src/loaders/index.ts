export { productsLoader, LOADER_NAME, type ProductsLoader } from './products-loader.js';
export { STORE_FORMAT } from './stored-entry.js';
export { productsLiveLoader, LIVE_LOADER_NAME, LIVE_REQUEST_DEFAULTS, type ProductsLiveLoader, type ProductsLiveLoaderOptions, type ProductEntryFilter, type ProductCollectionFilter } from './products-live-loader.js';
export { productTag, websiteTag } from './cache-tags.js';
export type { ProductsLoaderOptions } from './loader-options.js';
