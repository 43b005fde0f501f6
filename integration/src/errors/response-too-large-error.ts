import { AudioReviewsError } from './audio-reviews-error.js';

/**
 * A response body grew past `maxResponseBytes` (counted after decompression, so a small gzip
 * bomb is caught too). Reading stops at the cap; never retried, the same request would send the
 * same body.
 */
export class ResponseTooLargeError extends AudioReviewsError {
	override name = 'ResponseTooLargeError';
}
