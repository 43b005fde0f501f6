// Public entry point `astro-audio-reviews/live` (package.json `exports`): each name it gives, from the
// module that defines it.

export { cacheControlHeader } from '../on-demand/cache-policy.js';
export {
	type CachePolicy,
	type CachePolicyInput,
	DEFAULT_CACHE_POLICY,
	resolveCachePolicy,
} from '../on-demand/cache-policy-option.js';
export type {
	PurgedPagesSubmission,
	PurgedSubmissionReport,
} from '../on-demand/index-now-purged.js';
export {
	createInvalidateHandler,
	type InvalidateHandlerOptions,
	type InvalidationRequest,
	type InvalidationResult,
} from '../on-demand/invalidate.js';
export { listsTag, productTag, websiteTag } from '../on-demand/live-loader/cache-tags.js';
export {
	type LiveEntryResultLike,
	type LivePageContext,
	type LiveProductPageOptions,
	type LiveStaticPath,
	livePath,
	liveProductPage,
	liveStaticPaths,
} from '../on-demand/product-pages.js';
export { liveRef } from '../on-demand/request-ref.js';
export { liveErrorResponse, notFoundResponse } from '../on-demand/responses.js';
