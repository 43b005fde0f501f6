// The failed attempts that carry no HTTP answer to classify: out of time before or during the
// attempt, a body over `maxResponseBytes`, or no response at all.
import { attemptErrorType } from '../errors/attempt-error-type.js';
import { NetworkError, ResponseTooLargeError, TimeoutError } from '../errors/errors.js';
import { describeNetworkFailure, type NetworkFailure } from '../network/wording.js';
import { type Attempt, type RequestContext, suffix } from './classify-response.js';
import { isUnreachable, UNREACHABLE_RETRIES, unreachableHint } from './hints.js';

/** Final: no time left for an attempt; `visitorDeadline` when the time was a visitor's. */
export function outOfTime(
	context: RequestContext,
	message: string,
	visitorDeadline: boolean,
): Attempt {
	return {
		ok: false,
		retryable: false,
		fail: ({ attempts }) => new TimeoutError(message, { ...context, attempts, visitorDeadline }),
	};
}

/**
 * An attempt that ran out of time: its own timeout (retryable), or the budget's deadline
 * (`budgetCut`, final); `visitorDeadline` when that budget was a visitor's.
 */
export function timedOut(
	context: RequestContext,
	failure: NetworkFailure,
	budgetCut: string | undefined,
	visitorDeadline: boolean,
): Attempt {
	const what =
		budgetCut === undefined ? describeNetworkFailure(failure) : `No response within ${budgetCut}`;
	return {
		ok: false,
		retryable: budgetCut === undefined,
		fail: ({ attempts, note, gaveUp }) =>
			new TimeoutError(suffix(what, note), {
				...context,
				attempts,
				cause: failure.cause,
				visitorDeadline: visitorDeadline && (budgetCut !== undefined || gaveUp === true),
			}),
	};
}

/** Deterministic: the same request would send the same body. */
export function tooLarge(context: RequestContext, status: number, maxBytes: number): Attempt {
	const message = `The response body exceeded \`maxResponseBytes\` (${maxBytes} bytes, counted decompressed); reading stopped there. Raise \`maxResponseBytes\` if the service really sends pages this large, or lower \`pageSize\``;
	return {
		ok: false,
		retryable: false,
		errorType: attemptErrorType(ResponseTooLargeError),
		fail: ({ attempts }) => new ResponseTooLargeError(message, { ...context, status, attempts }),
	};
}

/** No HTTP response at all. */
export function networkFailure(
	context: RequestContext,
	failure: NetworkFailure,
	baseUrl: string,
): Attempt {
	const code = failure.kind === 'network' ? failure.code : undefined;
	const unreachable = code !== undefined && isUnreachable(code);
	const described = describeNetworkFailure(failure);
	const message = unreachable ? `${described}; ${unreachableHint(code, baseUrl)}` : described;
	return {
		ok: false,
		retryable: true,
		retryLimit: unreachable ? UNREACHABLE_RETRIES : undefined,
		fail: ({ attempts, note }) =>
			new NetworkError(suffix(message, note), { ...context, attempts, cause: failure.cause }),
	};
}
