export * from './product.js';
export { formatIssuePath, type ProductValidationResult, refOf, validateProduct } from './validate.js';
