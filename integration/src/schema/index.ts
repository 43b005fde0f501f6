export * from './product.js';
export { validateProduct, formatIssuePath, refOf, idOf, type ProductValidationResult } from './validate.js';
export { stripControlCharacters, isIsoDateTime } from './text.js';
export { MAX_JSON_DEPTH } from './free-form.js';
