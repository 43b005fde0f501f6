import { AudioReviewsError } from './audio-reviews-error.js';

/** The request never got an HTTP response: connection refused or reset, DNS failure. */
export class NetworkError extends AudioReviewsError {
	override name = 'NetworkError';
}

/** No response within `timeoutMs`. */
export class TimeoutError extends AudioReviewsError {
	override name = 'TimeoutError';
}
