export {
	type CachePolicy,
	type CachePolicyInput,
	cacheControlHeader,
	cachePolicySchema,
	DEFAULT_CACHE_POLICY,
	NO_STORE,
	notFoundCacheControlHeader,
	resolveCachePolicy,
} from './cache-policy.js';
export { listsTag, productTag, websiteTag } from './cache-tags.js';
export type { PurgedPagesSubmission, PurgedSubmissionReport } from './index-now-purged.js';
export {
	createInvalidateHandler,
	type InvalidateHandlerOptions,
	type InvalidationRequest,
	type InvalidationResult,
	invalidationTags,
	MIN_SECRET_LENGTH,
	parseInvalidationRequest,
} from './invalidate.js';
export { liveRef } from './live-ref.js';
export { singleFlight } from './single-flight.js';
