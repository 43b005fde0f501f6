// The failed attempts that carry no HTTP answer to classify: out of time before or during the
// attempt, a body over `maxResponseBytes`, or no response at all.
import { NetworkError, ResponseTooLargeError, TimeoutError } from '../errors/errors.js';
import type { ResolvedConnectionOptions } from '../options/shared-options.js';
import { type Attempt, type RequestContext, suffix } from './classify-response.js';
import { isUnreachable, UNREACHABLE_RETRIES, unreachableHint } from './hints.js';

/** Final: no time left for an attempt. */
export function outOfTime(context: RequestContext, message: string): Attempt {
	return {
		ok: false,
		retryable: false,
		fail: ({ attempts }) => new TimeoutError(message, { ...context, attempts }),
	};
}

/** An attempt that ran out of time: its own timeout (retryable), or the budget's deadline (`budgetCut`, final). */
export function timedOut(
	context: RequestContext,
	error: unknown,
	budgetCut: string | undefined,
	options: ResolvedConnectionOptions,
): Attempt {
	const what =
		budgetCut === undefined
			? `No response within ${options.timeoutMs} ms`
			: `No response within ${budgetCut}`;
	return {
		ok: false,
		retryable: budgetCut === undefined,
		fail: ({ attempts, note }) =>
			new TimeoutError(suffix(what, note), { ...context, attempts, cause: error }),
	};
}

/** Deterministic: the same request would send the same body. */
export function tooLarge(context: RequestContext, status: number, maxBytes: number): Attempt {
	const message = `The response body exceeded \`maxResponseBytes\` (${maxBytes} bytes, counted decompressed); reading stopped there. Raise \`maxResponseBytes\` if the service really sends pages this large, or lower \`pageSize\``;
	return {
		ok: false,
		retryable: false,
		fail: ({ attempts }) => new ResponseTooLargeError(message, { ...context, status, attempts }),
	};
}

/** No HTTP response at all. */
export function networkFailure(context: RequestContext, error: unknown, baseUrl: string): Attempt {
	const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
	const unreachable = typeof code === 'string' && isUnreachable(code);
	const described = `Request failed: ${describeNetworkError(error)}`;
	const message = unreachable ? `${described}; ${unreachableHint(code, baseUrl)}` : described;
	return {
		ok: false,
		retryable: true,
		retryLimit: unreachable ? UNREACHABLE_RETRIES : undefined,
		fail: ({ attempts, note }) =>
			new NetworkError(suffix(message, note), { ...context, attempts, cause: error }),
	};
}

function describeNetworkError(error: unknown): string {
	const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
	// Node's message usually names the code already ("connect ECONNREFUSED 127.0.0.1:9").
	if (cause?.code)
		return cause.message?.includes(cause.code)
			? cause.message
			: `${cause.code}${cause.message ? ` ${cause.message}` : ''}`;
	return error instanceof Error ? error.message : String(error);
}
