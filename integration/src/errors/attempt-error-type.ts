// What a failed attempt's record calls its error (the client metric's `error.type`), known by
// class, so the metric's bounded set is these classes' and no list of names elsewhere.
import {
	type AudioReviewsError,
	RedirectError,
	ResponseFormatError,
	ResponseTooLargeError,
	ServiceError,
	WrongProductError,
} from './errors.js';

type ErrorClass = abstract new (...args: never[]) => AudioReviewsError;

/** Each class of an answer that was no data, most derived first, with the type it is recorded as. */
const ANSWER_KINDS: ReadonlyArray<readonly [ErrorClass, string]> = [
	[WrongProductError, 'WrongProductError'],
	[ResponseFormatError, 'ResponseFormatError'],
	[RedirectError, 'RedirectError'],
	[ResponseTooLargeError, 'ResponseTooLargeError'],
];

/** Every type ANSWER_KINDS records: kept as is by the metric. */
export const ANSWER_ERROR_TYPES: ReadonlySet<string> = new Set(
	ANSWER_KINDS.map(([, type]) => type),
);

/** The type of an error status the service gave no `type` for: the metric records the status. */
export const HTTP_ERROR_TYPE = 'ServiceError';

function isKind(kind: ErrorClass, of: ErrorClass): boolean {
	return kind === of || Object.prototype.isPrototypeOf.call(of.prototype, kind.prototype);
}

/**
 * The recorded type of a failure of class `kind`, known before the error is made: the service's
 * `type` when it sent one, else the answer's kind.
 */
export function attemptErrorType(kind: ErrorClass, serviceType?: string): string | undefined {
	if (serviceType !== undefined) return serviceType;
	for (const [answer, type] of ANSWER_KINDS) if (isKind(kind, answer)) return type;
	return kind === ServiceError ? HTTP_ERROR_TYPE : undefined;
}

/** The recorded type of `error`, thrown while an answer was read. */
export function thrownErrorType(error: AudioReviewsError): string {
	if (error.type !== undefined) return error.type;
	const answer = ANSWER_KINDS.find(([kind]) => error instanceof kind);
	if (answer) return answer[1];
	return error instanceof ServiceError ? HTTP_ERROR_TYPE : error.name;
}
