// Public entry point `astro-audio-reviews/client` (package.json `exports`): each name it gives, from the
// module that defines it.
export {
	type AudioReviewsClient,
	type ClientOptions,
	createClient,
	type RawListResponse,
	type RawProductResponse,
} from '../client/client.js';
export type { RequestOptions, RequestStats, Validators } from '../client/request.js';
export {
	type SyncOptions,
	type SyncProgress,
	type SyncResult,
	syncCatalogue,
} from '../client/sync-catalogue.js';
export type { GetProductQuery, ListProductsQuery } from '../client/urls.js';
export {
	AudioReviewsError,
	AudioReviewsOptionsError,
	CatalogueSyncError,
	type Endpoint,
	type ErrorContext,
	IndexNowError,
	NetworkError,
	NotFoundError,
	PageLocaleError,
	ProductValidationError,
	RedirectError,
	ResponseFormatError,
	ResponseTooLargeError,
	ServiceError,
	TimeoutError,
	WrongProductError,
} from '../errors/errors.js';
