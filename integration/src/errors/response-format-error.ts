import { AudioReviewsError } from './audio-reviews-error.js';

/** The response was not JSON, or not the envelope docs/service.md promises for the endpoint. */
export class ResponseFormatError extends AudioReviewsError {
	override name = 'ResponseFormatError';
}
