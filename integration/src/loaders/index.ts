export { productsLoader, LOADER_NAME, type ProductsLoader } from './products-loader.js';
export { STORE_FORMAT } from './stored-entry.js';
export type { ProductsLoaderOptions } from './loader-options.js';
