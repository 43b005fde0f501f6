import { attemptErrorType } from '../errors/attempt-error-type.js';
import { quoteServiceText } from '../errors/error-text.js';
import type { AudioReviewsError, Endpoint } from '../errors/errors.js';
import { NotFoundError, ResponseFormatError, ServiceError } from '../errors/errors.js';
import { parseRetryAfter, RETRYABLE_STATUSES } from '../network/retry-timing.js';
import { doubledPathHint, unknownWebsiteHint } from './hints.js';

export interface RequestContext {
	endpoint: Endpoint;
	url: string;
	ref?: string | undefined;
	locale?: string | undefined;
}

export interface Validators {
	etag?: string | undefined;
	lastModified?: string | undefined;
}

export interface JsonResponse {
	status: number;
	body: unknown;
	notModified: boolean;
	validators: Validators;
	attempts: number;
}

/** Builds the final error once the attempts are counted, so the message can say how many. */
export type ErrorFactory = (final: {
	attempts: number;
	note?: string | undefined;
	/** The retries stopped because the next would pass the budget (`note` says so). */
	gaveUp?: boolean | undefined;
}) => AudioReviewsError;

/** `retryLimit` lowers `retries` for failures where more attempts only delay the message. */
export type Attempt =
	| { ok: true; response: JsonResponse }
	| {
			ok: false;
			fail: ErrorFactory;
			/** The attempt's recorded error type, known without making the error. */
			errorType?: string | undefined;
			retryable: boolean;
			retryAfterMs?: number | undefined;
			retryLimit?: number | undefined;
	  };

export interface Asked {
	/** Whether validators were sent: only then is 304 an answer. */
	conditional: boolean;
	baseUrl: string;
	websiteId: string;
}

/** Codes of a 200 error body that mean a transient failure, not the data. */
const RETRYABLE_TYPES: ReadonlySet<string> = new Set(['ERR_DB_READ']);

export function suffix(message: string, note: string | undefined): string {
	return note === undefined ? message : `${message}; ${note}`;
}

export function classify(
	context: RequestContext,
	response: Response,
	text: string,
	asked: Asked,
): Attempt {
	const { status } = response;
	const validators: Validators = {
		etag: response.headers.get('etag') ?? undefined,
		lastModified: response.headers.get('last-modified') ?? undefined,
	};
	if (status === 304) return notModified(context, validators, asked.conditional);

	let body: unknown;
	try {
		body = text === '' ? undefined : JSON.parse(text);
	} catch {
		body = undefined;
	}
	const errorBody = asErrorBody(body);
	const errorContext = {
		...context,
		status,
		type: errorBody?.type,
		serviceMessage: errorBody?.message,
	};
	const service =
		(Ctor: typeof ServiceError, message: string, hint?: string): ErrorFactory =>
		({ attempts, note }) =>
			new Ctor(message, {
				...errorContext,
				attempts,
				hint: hint === undefined ? note : suffix(hint, note),
			});

	if (status >= 200 && status < 300) {
		if (errorBody) {
			if (errorBody.type === 'ERR_DB_MISSING')
				return {
					ok: false,
					retryable: false,
					errorType: errorBody.type,
					fail: notFound(context, service, asked),
				};
			return {
				ok: false,
				errorType: errorBody.type,
				retryable: RETRYABLE_TYPES.has(errorBody.type),
				fail: service(ServiceError, 'The service returned an error'),
			};
		}
		if (body === undefined) {
			// A complete body that is not JSON: the same request would get the same body.
			return {
				ok: false,
				retryable: false,
				errorType: attemptErrorType(ResponseFormatError),
				fail: ({ attempts }) =>
					new ResponseFormatError(`Expected a JSON body, got ${quoteServiceText(text, 80)}`, {
						...context,
						status,
						attempts,
					}),
			};
		}
		return { ok: true, response: { status, body, notModified: false, validators, attempts: 1 } };
	}

	const retryable = RETRYABLE_STATUSES.has(status);
	const hint = status === 404 ? doubledPathHint(asked.baseUrl) : undefined;
	const message =
		status === 400
			? 'The service rejected a query parameter'
			: `The service answered HTTP ${status}`;
	return {
		ok: false,
		retryable,
		errorType: attemptErrorType(ServiceError, errorBody?.type),
		retryAfterMs: retryable ? parseRetryAfter(response.headers.get('retry-after')) : undefined,
		fail:
			errorBody?.type === 'ERR_DB_MISSING'
				? notFound(context, service, asked, hint)
				: service(ServiceError, message, hint),
	};
}

type ServiceErrorFactory = (
	Ctor: typeof ServiceError,
	message: string,
	hint?: string,
) => ErrorFactory;

// The list endpoint has no ref: its ERR_DB_MISSING means the website, almost always a mistyped
// `websiteId`, so the message names it.
function notFound(
	context: RequestContext,
	service: ServiceErrorFactory,
	asked: Asked,
	hint?: string,
): ErrorFactory {
	if (context.endpoint !== 'listProducts')
		return service(NotFoundError, 'Product or website not found', hint);
	const website = unknownWebsiteHint(asked.websiteId);
	return service(
		NotFoundError,
		'Website not found',
		hint === undefined ? website : `${website}; ${hint}`,
	);
}

/** 304 is an answer only to a conditional request; to any other it leaves nothing to read. */
function notModified(
	context: RequestContext,
	validators: Validators,
	conditional: boolean,
): Attempt {
	if (conditional)
		return {
			ok: true,
			response: { status: 304, body: undefined, notModified: true, validators, attempts: 1 },
		};
	const message =
		'The service answered 304 Not Modified to a request that sent no validators (If-None-Match, If-Modified-Since): there is no copy to reuse';
	return {
		ok: false,
		retryable: false,
		errorType: attemptErrorType(ResponseFormatError),
		fail: ({ attempts }) => new ResponseFormatError(message, { ...context, status: 304, attempts }),
	};
}

function asErrorBody(body: unknown): { type: string; message?: string | undefined } | undefined {
	if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
	const { type, message } = body as Record<string, unknown>;
	if (typeof type !== 'string') return undefined;
	// The code lands in messages too: a service sending a novel as its `type` gets it cut.
	return { type: type.slice(0, 100), message: typeof message === 'string' ? message : undefined };
}
