import { AudioReviewsError, type ErrorContext } from './audio-reviews-error.js';
import { quoteServiceText } from './untrusted-text.js';

/**
 * The service answered with an error: a non-2xx status, or an Error body (docs/service.md §2.6)
 * sent with status 200 as the single-product endpoint does.
 */
export class ServiceError extends AudioReviewsError {
	override name = 'ServiceError';
	/** The service's human-readable message, raw: never use it for logic, escape it before printing. */
	readonly serviceMessage: string | undefined;

	/** `hint`, the likely fix, comes after the service's own words. */
	constructor(message: string, context: ErrorContext & { serviceMessage?: string | undefined; hint?: string | undefined }) {
		// Quoted and cut: the text is the service's, and reaches build logs and server logs.
		const said = context.serviceMessage ? `${message}: ${quoteServiceText(context.serviceMessage)}` : message;
		super(context.hint ? `${said}; ${context.hint}` : said, context);
		this.serviceMessage = context.serviceMessage;
	}
}

/** `ERR_DB_MISSING`: unknown product or website. Never retried, never turned into data. */
export class NotFoundError extends ServiceError {
	override name = 'NotFoundError';
}
