export type { ProductsLoaderOptions } from './loader-options.js';
export { LOADER_NAME, type ProductsLoader, productsLoader } from './products-loader.js';
