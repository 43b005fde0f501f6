/**
 * Pure, runtime-neutral SEO helpers (no `node:*` imports): they run at build time in
 * `getStaticPaths` and in edge SSR for the live loader's pages.
 */
export { createSlugger, isReadableRef, foldRef, slugForRef, MAX_SLUG_LENGTH, type Slugger } from './slug.js';
export { safeHttpUrl, createUrlGuard, unsafeUrlFields, type DroppedUrl, type UrlGuard } from '../../schema/safe-url.js';
export { serializeJsonLd } from './serialize-json-ld.js';
export { isRatedReview, ratedReviews, ratingSummary } from './review-policy.js';
export {
	productJsonLd,
	type JsonLdUrlFilter,
	type ProductJsonLdOptions,
	type RatingSummary,
} from './product-json-ld.js';
export { productTitle, productHeading, productDescription, authorName, productPath, presentText, ogLocale } from './page-meta.js';
export { hubJsonLd, breadcrumbJsonLd, nodeId, type Crumb, type JsonLdGraph, type HubJsonLdOptions } from './graph.js';
export { fnv1a64 } from './hash.js';
