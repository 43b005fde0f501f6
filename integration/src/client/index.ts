export * from '../errors/index.js';
export {
	type AudioReviewsClient,
	type ClientOptions,
	createClient,
	type RawListResponse,
	type RawProductResponse,
} from './client.js';
export type { RequestOptions, RequestStats, Validators } from './request.js';
export type { GetProductQuery, ListProductsQuery } from './urls.js';
