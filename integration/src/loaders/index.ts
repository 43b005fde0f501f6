export { productsLoader, LOADER_NAME, type ProductsLoader } from './products-loader.js';
export type { ProductsLoaderOptions } from './loader-options.js';
