/**
 * Pure, runtime-neutral SEO helpers (no `node:*` imports): they run at build time in
 * `getStaticPaths` and in edge SSR for the live loader's pages.
 */

export { createUrlGuard, type DroppedUrl, safeHttpUrl, type UrlGuard, unsafeUrlFields } from '../../schema/safe-url.js';
export { breadcrumbJsonLd, type Crumb, type HubJsonLdOptions, hubJsonLd, type JsonLdGraph, nodeId } from './graph.js';
export { fnv1a64 } from './hash.js';
export { authorName, ogLocale, presentText, productDescription, productHeading, productPath, productTitle } from './page-meta.js';
export {
	type JsonLdUrlFilter,
	type ProductJsonLdOptions,
	productJsonLd,
	type RatingSummary,
} from './product-json-ld.js';
export { isRatedReview, ratedReviews, ratingSummary, type StarLevel, starLevel, testimonyCount } from './review-policy.js';
export { serializeJsonLd } from './serialize-json-ld.js';
export { createSlugger, foldRef, isReadableRef, MAX_SLUG_LENGTH, type Slugger, slugForRef } from './slug.js';
