import { escapeControl } from './untrusted-text.js';

/** The two operations of docs/service.md §4, named as the client's methods. */
export type Endpoint = 'getProduct' | 'listProducts';

export const ENDPOINT_PATHS: Record<Endpoint, string> = {
	getProduct: 'GET /ws/websites/{websiteId}/products/{productRef}',
	listProducts: 'GET /ws/websites/{websiteId}/products',
};

export interface ErrorContext {
	endpoint?: Endpoint | undefined;
	/** The full request URL, query included. */
	url?: string | undefined;
	/** The product ref the request or entry was about. */
	ref?: string | undefined;
	locale?: string | undefined;
	/** HTTP status of the last response, when there was one. */
	status?: number | undefined;
	/** The service's stable error code (docs/service.md §2.6 `type`), when it sent one. */
	type?: string | undefined;
	/** How many attempts were made before giving up. */
	attempts?: number | undefined;
	cause?: unknown;
}

/**
 * Base class of every error the package throws. The context is kept as fields for code
 * and also written into the message, because build logs only show the message. The message is
 * always one line with control characters escaped: parts of it (refs, the service's text)
 * come from the service, and must not be able to forge or hide log lines.
 */
export class AudioReviewsError extends Error {
	override name = 'AudioReviewsError';
	readonly endpoint: Endpoint | undefined;
	readonly url: string | undefined;
	readonly ref: string | undefined;
	readonly locale: string | undefined;
	readonly status: number | undefined;
	readonly type: string | undefined;
	readonly attempts: number | undefined;

	constructor(message: string, context: ErrorContext = {}) {
		super(escapeControl(withContext(message, context)), context.cause === undefined ? undefined : { cause: context.cause });
		this.endpoint = context.endpoint;
		this.url = context.url;
		this.ref = context.ref;
		this.locale = context.locale;
		this.status = context.status;
		this.type = context.type;
		this.attempts = context.attempts;
	}
}

function withContext(message: string, context: ErrorContext): string {
	const details: string[] = [];
	if (context.ref !== undefined) details.push(`product ref ${JSON.stringify(context.ref)}`);
	if (context.locale !== undefined) details.push(`locale ${context.locale}`);
	if (context.type !== undefined) details.push(`type ${context.type}`);
	if (context.status !== undefined) details.push(`HTTP ${context.status}`);
	if (context.attempts !== undefined && context.attempts > 1) details.push(`${context.attempts} attempts`);
	if (context.endpoint !== undefined) details.push(`endpoint ${ENDPOINT_PATHS[context.endpoint]}`);
	if (context.url !== undefined) details.push(`url ${context.url}`);
	return details.length === 0 ? message : `${message} (${details.join(', ')})`;
}
