import { AudioReviewsError } from './audio-reviews-error.js';

/**
 * The service answered with a redirect the client does not follow: to another origin (the
 * request's headers, which may hold a token, must not travel there), or one redirect too many
 * (a loop). Never retried: the same request gets the same redirect.
 */
export class RedirectError extends AudioReviewsError {
	override name = 'RedirectError';
}
