import type { ErrorContext } from './audio-reviews-error.js';
import { ResponseFormatError } from './response-format-error.js';
import { quoteServiceText } from './untrusted-text.js';

/**
 * The single-product endpoint answered a product whose `external_id` is not the ref asked for.
 * The service broke its contract: publishing the answer would show another product at the
 * requested product's address.
 */
export class WrongProductError extends ResponseFormatError {
	override name = 'WrongProductError';
	/** The `external_id` the service answered with. */
	readonly receivedRef: string;

	constructor(requestedRef: string, receivedRef: string, context: ErrorContext) {
		super(
			`The single-product endpoint answered product ${quoteServiceText(receivedRef)} for the requested ref ${JSON.stringify(requestedRef)}; refusing to publish another product under this ref`,
			{ ...context, ref: requestedRef },
		);
		this.receivedRef = receivedRef;
	}
}
