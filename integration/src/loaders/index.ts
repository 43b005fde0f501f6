export type { ProductsLoaderOptions } from '../options/loader-options.js';
export { LOADER_NAME, type ProductsLoader, productsLoader } from './products-loader.js';
