export { MAX_JSON_DEPTH } from './free-form.js';
export * from './product.js';
export { isIsoDateTime, stripControlCharacters } from './text.js';
export { formatIssuePath, idOf, type ProductValidationResult, refOf, validateProduct } from './validate.js';
