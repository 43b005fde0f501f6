export { createSlugger, isPlainRef, slugForRef, type Slugger } from './slug.js';
export { safeHttpUrl, createUrlGuard, unsafeUrlFields, type DroppedUrl } from './safe-url.js';
export { serializeJsonLd } from './serialize-json-ld.js';
export { productJsonLd, ratingSummary, type ProductJsonLdOptions, type RatingSummary } from './product-json-ld.js';
export { productTitle, productDescription, authorName, productPath } from './page-meta.js';
export { fnv1a64 } from './hash.js';
