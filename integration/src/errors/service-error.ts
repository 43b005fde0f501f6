import { AudioReviewsError, type ErrorContext } from './audio-reviews-error.js';

/**
 * The service answered with an error: a non-2xx status, or an Error body (API.md 2.6)
 * sent with status 200 as the single-product endpoint does.
 */
export class ServiceError extends AudioReviewsError {
	override name = 'ServiceError';
	/** The service's human-readable message; never use it for logic (API.md §7 rule 2). */
	readonly serviceMessage: string | undefined;

	constructor(message: string, context: ErrorContext & { serviceMessage?: string | undefined }) {
		super(context.serviceMessage ? `${message}: ${context.serviceMessage}` : message, context);
		this.serviceMessage = context.serviceMessage;
	}
}

/** `ERR_DB_MISSING`: unknown product or website. Never retried, never turned into data. */
export class NotFoundError extends ServiceError {
	override name = 'NotFoundError';
}
