export { cacheControlHeader, notFoundCacheControlHeader, resolveCachePolicy, cachePolicySchema, DEFAULT_CACHE_POLICY, NO_STORE, type CachePolicy, type CachePolicyInput } from './cache-policy.js';
export {
	createInvalidateHandler,
	invalidationTags,
	parseInvalidationRequest,
	MIN_SECRET_LENGTH,
	type InvalidateHandlerOptions,
	type InvalidationRequest,
	type InvalidationResult,
} from './invalidate.js';
export { liveRef } from './live-ref.js';
export { secretsMatch, presentedSecret } from './secret.js';
export { singleFlight } from './single-flight.js';
export { productTag, websiteTag } from './cache-tags.js';
