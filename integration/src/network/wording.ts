// A call that got no HTTP answer, classified once and worded once for every caller.

/** No answer in time, or no answer at all (refused, reset, DNS). */
export type NetworkFailure =
	| {
			kind: 'timeout';
			/** The attempt's time, after the one timeout rule. */
			ms: number;
			/** Whether the caller's deadline, not its per-attempt timeout, set `ms`. */
			cutByDeadline: boolean;
			errorType: 'timeout';
			cause: unknown;
	  }
	| {
			kind: 'network';
			/** Node's code (`ECONNREFUSED`, `ENOTFOUND`…), when it gave one. */
			code: string | undefined;
			/** What went wrong, from the socket or DNS layer: never the request's URL. */
			detail: string;
			errorType: string;
			cause: unknown;
	  };

export function networkFailureOf(
	error: unknown,
	timedOut: { ms: number; cutByDeadline: boolean } | undefined,
): NetworkFailure {
	if (timedOut) return { kind: 'timeout', ...timedOut, errorType: 'timeout', cause: error };
	const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
	const code = typeof cause?.code === 'string' ? cause.code : undefined;
	const errorType = code ?? (error instanceof Error ? error.name : 'Error');
	return { kind: 'network', code, detail: detailOf(error, code), errorType, cause: error };
}

function detailOf(error: unknown, code: string | undefined): string {
	const message = (error as { cause?: { message?: unknown } } | undefined)?.cause?.message;
	const said = typeof message === 'string' ? withoutUrls(message) : undefined;
	// Node's message usually names the code already ("connect ECONNREFUSED 127.0.0.1:9").
	if (code) return said?.includes(code) ? said : `${code}${said ? ` ${said}` : ''}`;
	return withoutUrls(error instanceof Error ? error.message : String(error));
}

/** A URL's path, query or credentials may be a secret (a deploy hook's): fetch's messages can quote it. */
function withoutUrls(message: string): string {
	return message.replace(/\b[a-z][a-z\d+.-]*:\/\/\S+/gi, '…');
}

/** `1000` → `1 s`, `1500` → `1500 ms`: whole seconds as seconds, the rest as milliseconds. */
export function formatDuration(ms: number): string {
	return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/**
 * The one wording of a failed call, `who` being what was called ("the deploy hook
 * https://api.netlify.com/…"): "Request to <who> failed: <detail>" or "<Who> did not answer
 * within <duration>". Without `who`, the service: "Request failed: …", "No response within …".
 */
export function describeNetworkFailure(failure: NetworkFailure, who?: string): string {
	if (failure.kind === 'network')
		return `Request${who ? ` to ${who}` : ''} failed: ${failure.detail}`;
	const within = `within ${formatDuration(failure.ms)}`;
	return who ? `${capitalise(who)} did not answer ${within}` : `No response ${within}`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
