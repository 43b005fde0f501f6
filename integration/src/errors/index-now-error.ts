import { AudioReviewsError } from './audio-reviews-error.js';

/**
 * An IndexNow endpoint refused a submission (a 4xx other than 429), or kept failing (429, 5xx,
 * no answer) until the time budget ran out. `retryable` tells the two apart: the first needs a
 * fix (key, key file, host), the second only a later run.
 */
export class IndexNowError extends AudioReviewsError {
	override name = 'IndexNowError';
	readonly retryable: boolean;

	constructor(
		message: string,
		context: { url: string; status?: number | undefined; attempts: number; retryable: boolean; cause?: unknown },
	) {
		super(message, { url: context.url, status: context.status, attempts: context.attempts, cause: context.cause });
		this.retryable = context.retryable;
	}
}
