export * from '../errors/index.js';
export {
	type AudioReviewsClient,
	type ClientOptions,
	clientFromResolved,
	createClient,
	type RawListResponse,
	type RawProductResponse,
} from './client.js';
export type { RequestOptions, RequestStats, Validators } from './request.js';
export { backoffDelay, parseRetryAfter, RETRYABLE_STATUSES, retryDelay } from './retry-timing.js';
export type { GetProductQuery, ListProductsQuery } from './urls.js';
