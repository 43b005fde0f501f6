export { createClient, clientFromResolved, type AudioReviewsClient, type ClientOptions, type RawListResponse, type RawProductResponse } from './client.js';
export type { GetProductQuery, ListProductsQuery } from './urls.js';
export type { RequestOptions, RequestStats, Validators } from './request.js';
export { backoffDelay, parseRetryAfter, retryDelay, RETRYABLE_STATUSES } from './retry-timing.js';
export * from '../errors/index.js';
