export {
	type CachePolicy,
	type CachePolicyInput,
	DEFAULT_CACHE_POLICY,
	resolveCachePolicy,
} from '../options/cache-policy-option.js';
export { cacheControlHeader } from './cache-policy.js';
export { listsTag, productTag, websiteTag } from './cache-tags.js';
export type { PurgedPagesSubmission, PurgedSubmissionReport } from './index-now-purged.js';
export {
	createInvalidateHandler,
	type InvalidateHandlerOptions,
	type InvalidationRequest,
	type InvalidationResult,
} from './invalidate.js';
export { liveRef } from './live-ref.js';
