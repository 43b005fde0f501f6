import { AstroError } from 'astro/errors';
import type { core } from 'astro/zod';
import { ERROR_CODES, type ErrorCode } from './error-codes.js';
import { escapeControl, formatIssuePath, issueText, quoteServiceText } from './error-text.js';

/** The service's two read operations, named as the client's methods. */
export type Endpoint = 'getProduct' | 'listProducts';

export const ENDPOINT_PATHS: Record<Endpoint, string> = {
	getProduct: 'GET /ws/websites/{websiteId}/products/{productRef}',
	listProducts: 'GET /ws/websites/{websiteId}/products',
};

export interface ErrorContext {
	endpoint?: Endpoint | undefined;
	url?: string | undefined;
	ref?: string | undefined;
	locale?: string | undefined;
	status?: number | undefined;
	/** The service's stable error code, when it sent one. */
	type?: string | undefined;
	attempts?: number | undefined;
	cause?: unknown;
}

/** Base class of every error the package throws. */
export class AudioReviewsError extends Error {
	override name = 'AudioReviewsError';
	readonly code: ErrorCode = ERROR_CODES.base;
	readonly endpoint: Endpoint | undefined;
	readonly url: string | undefined;
	readonly ref: string | undefined;
	readonly locale: string | undefined;
	readonly status: number | undefined;
	readonly type: string | undefined;
	readonly attempts: number | undefined;

	constructor(message: string, context: ErrorContext = {}) {
		super(
			escapeControl(withContext(message, context)),
			context.cause === undefined ? undefined : { cause: context.cause },
		);
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
	if (context.attempts !== undefined && context.attempts > 1)
		details.push(`${context.attempts} attempts`);
	if (context.endpoint !== undefined) details.push(`endpoint ${ENDPOINT_PATHS[context.endpoint]}`);
	if (context.url !== undefined) details.push(`url ${context.url}`);
	return details.length === 0 ? message : `${message} (${details.join(', ')})`;
}

/** The request never got an HTTP response: connection refused or reset, DNS failure. */
export class NetworkError extends AudioReviewsError {
	override name = 'NetworkError';
}

/** No response within `timeoutMs`. */
export class TimeoutError extends AudioReviewsError {
	override name = 'TimeoutError';
	/** The caller's (a visitor's) deadline ran out, not one attempt's `timeoutMs`. */
	readonly visitorDeadline: boolean;

	constructor(message: string, context: ErrorContext & { visitorDeadline?: boolean } = {}) {
		super(message, context);
		this.visitorDeadline = context.visitorDeadline ?? false;
	}
}

/** A redirect not followed: another origin (headers may hold a token), or a redirect loop. */
export class RedirectError extends AudioReviewsError {
	override name = 'RedirectError';
}

/** The response was not JSON, or not the envelope the endpoint promises. */
export class ResponseFormatError extends AudioReviewsError {
	override name = 'ResponseFormatError';
}

/** A body past `maxResponseBytes`, counted after decompression so a gzip bomb is caught too. */
export class ResponseTooLargeError extends AudioReviewsError {
	override name = 'ResponseTooLargeError';
}

/** A non-2xx status, or an Error body sent with 200 (as the single-product endpoint does). */
export class ServiceError extends AudioReviewsError {
	override name = 'ServiceError';
	/** The service's human-readable message, raw: never use it for logic, escape it before printing. */
	readonly serviceMessage: string | undefined;

	constructor(
		message: string,
		context: ErrorContext & { serviceMessage?: string | undefined; hint?: string | undefined },
	) {
		const said = context.serviceMessage
			? `${message}: ${quoteServiceText(context.serviceMessage)}`
			: message;
		super(context.hint ? `${said}; ${context.hint}` : said, context);
		this.serviceMessage = context.serviceMessage;
	}
}

/** `ERR_DB_MISSING`: unknown product or website. Never retried, never turned into data. */
export class NotFoundError extends ServiceError {
	override name = 'NotFoundError';
	override readonly code: ErrorCode = ERROR_CODES.notFound;
}

/** The single-product endpoint answered a product whose `external_id` is not the ref asked for. */
export class WrongProductError extends ResponseFormatError {
	override name = 'WrongProductError';
	readonly receivedRef: string;

	constructor(requestedRef: string, receivedRef: string, context: ErrorContext) {
		super(
			`The single-product endpoint answered product ${quoteServiceText(receivedRef)} for the requested ref ${JSON.stringify(requestedRef)}; refusing to publish another product under this ref`,
			{ ...context, ref: requestedRef },
		);
		this.receivedRef = receivedRef;
	}
}

/** A product that does not match the service's schema. Kept apart from transport errors. */
export class ProductValidationError extends AudioReviewsError {
	override name = 'ProductValidationError';
	readonly issues: readonly core.$ZodIssue[];
	readonly paths: readonly string[];

	constructor(issues: readonly core.$ZodIssue[], context: ErrorContext) {
		const summary = issues.map(issueText).join('; ');
		super(`Invalid product: ${summary}`, context);
		this.issues = issues;
		this.paths = issues.map((issue) => formatIssuePath(issue.path));
	}
}

/**
 * A sync with `onInvalid: "error"` met invalid products: each was logged once, with its value,
 * as the sync found it; this error names how many and the first.
 */
export class InvalidProductsError extends AudioReviewsError {
	override name = 'InvalidProductsError';
	readonly invalid: readonly ProductValidationError[];

	constructor(message: string, invalid: readonly ProductValidationError[]) {
		super(message, {});
		this.invalid = invalid;
	}
}

/** A full sync whose distinct products disagree with `count_item`, even after re-syncing. */
export class CatalogueSyncError extends AudioReviewsError {
	override name = 'CatalogueSyncError';
}

/**
 * A page whose language cannot be known, or whose locale is not the one its URL serves: the
 * message names what to pass. A page never guesses its language.
 */
export class PageLocaleError extends AudioReviewsError {
	override name = 'PageLocaleError';
}

/** IndexNow refused a submission (4xx but 429), or kept failing until the time budget ran out. */
export class IndexNowError extends AudioReviewsError {
	override name = 'IndexNowError';
	readonly retryable: boolean;

	constructor(
		message: string,
		context: {
			url: string;
			status?: number | undefined;
			attempts: number;
			retryable: boolean;
			cause?: unknown;
		},
	) {
		super(message, {
			url: context.url,
			status: context.status,
			attempts: context.attempts,
			cause: context.cause,
		});
		this.retryable = context.retryable;
	}
}

/** Wrong arguments to an `audio-reviews` command: nothing was done (exit code 2). */
export class CommandUsageError extends AudioReviewsError {
	override name = 'CommandUsageError';
}

/** A problem of `audio-reviews indexnow`'s report or setup: nothing was sent (exit code 2). */
export class IndexNowUsageError extends CommandUsageError {
	override name = 'IndexNowUsageError';
}

/** One Varnish node did not confirm a purge: its address as configured, and why. */
export interface FailedCacheNode {
	node: string;
	reason: string;
}

/** Some Varnish nodes did not confirm a purge; `failedNodes` lets the webhook's caller retry. */
export class CachePurgeError extends AudioReviewsError {
	override name = 'CachePurgeError';
	readonly failedNodes: readonly FailedCacheNode[];

	constructor(failedNodes: readonly FailedCacheNode[], nodeCount: number) {
		super(
			`Purge not confirmed by ${failedNodes.length} of ${nodeCount} Varnish node(s): ${failedNodes
				.map((failed) => `${failed.node} (${failed.reason})`)
				.join(', ')}; the other nodes were purged`,
		);
		this.failedNodes = failedNodes;
	}
}

/**
 * A CDN host's purge did not happen, or not whole: its API refused or failed, or the purge could not
 * be sent (credentials or purge API missing). `host` names the host as its users know it.
 */
export class HostPurgeError extends AudioReviewsError {
	override name = 'HostPurgeError';
	readonly host: string;
	/** `not_sent`: nothing reached the host; `refused`: it answered no; `failed`: no answer, or an error. */
	readonly reason: 'not_sent' | 'refused' | 'failed';

	constructor(host: string, reason: HostPurgeError['reason'], message: string, cause?: unknown) {
		super(`${host}: ${message}`, cause === undefined ? {} : { cause });
		this.host = host;
		this.reason = reason;
	}
}

/**
 * `audio-reviews poll` stopped before the hook answered 2xx; `kind` sets the exit code (service,
 * hook: a later run retries; busy: another run holds the lock). A command or site to fix is a
 * `CommandUsageError`, as for every command.
 */
export class PollError extends AudioReviewsError {
	override name = 'PollError';
	readonly kind: 'service' | 'hook' | 'busy';

	constructor(
		message: string,
		kind: PollError['kind'],
		context: { status?: number | undefined; cause?: unknown } = {},
	) {
		super(message, context);
		this.kind = kind;
	}
}

/**
 * The search index's PostgreSQL failed or refused: `host` names the database (never its password),
 * `unavailable` when it could not be reached at all (the endpoint then answers 503).
 */
export class SearchDatabaseError extends AudioReviewsError {
	override name = 'SearchDatabaseError';
	readonly host: string;
	readonly unavailable: boolean;

	constructor(message: string, context: { host: string; unavailable: boolean; cause?: unknown }) {
		super(`${message} (database ${context.host})`, { cause: context.cause });
		this.host = context.host;
		this.unavailable = context.unavailable;
	}
}

/** Another `audio-reviews index` run holds the index's lock (exit code 4). */
export class SearchIndexBusyError extends SearchDatabaseError {
	override name = 'SearchIndexBusyError';
}

/** A file of the package's own that is not what it wrote; the message names the file and field. */
export class OwnFileError extends AudioReviewsError {
	override name = 'OwnFileError';
}

/** Invalid options, raised at config time; `hint` tells the fix. */
export class AudioReviewsOptionsError extends AstroError {
	override name = 'AudioReviewsOptionsError';
	readonly code: ErrorCode = ERROR_CODES.options;
}
