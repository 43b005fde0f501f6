export { AudioReviewsError, ENDPOINT_PATHS, type Endpoint, type ErrorContext } from './audio-reviews-error.js';
export { ServiceError, NotFoundError } from './service-error.js';
export { NetworkError, TimeoutError } from './network-error.js';
export { ResponseFormatError } from './response-format-error.js';
export { ProductValidationError, formatIssuePath } from './product-validation-error.js';
export { CatalogueSyncError } from './catalogue-error.js';
export { AudioReviewsOptionsError } from './options-error.js';
