/**
 * Stable codes, for where `instanceof` cannot tell: an error that crosses module instances (Vite's
 * module runner loads its own copy of this module in `astro sync`). Read with `errorCode()`.
 */
export const ERROR_CODES = {
	base: 'AUDIO_REVIEWS_ERROR',
	notFound: 'AUDIO_REVIEWS_NOT_FOUND',
	options: 'AUDIO_REVIEWS_OPTIONS',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
const KNOWN_CODES: ReadonlySet<unknown> = new Set(Object.values(ERROR_CODES));

function isErrorCode(value: unknown): value is ErrorCode {
	return KNOWN_CODES.has(value);
}

/** The package's code of `error`, from this module instance or another; undefined for any other. */
export function errorCode(error: unknown): ErrorCode | undefined {
	if (!(error instanceof Error) || !('code' in error) || !isErrorCode(error.code)) return undefined;
	return error.code;
}
