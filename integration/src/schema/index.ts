export * from './product.js';
export { validateProduct, formatIssuePath, refOf, idOf, type ProductValidationResult } from './validate.js';
