import type { ListQuery } from './model.js';

/**
 * Query parameters of both endpoints. The service answers "an invalid query parameter" with 400 but
 * lists no exact triggers, so the simulator is strict wherever the spec gives a type:
 * integers must be integers, booleans must be `true`/`false`, `without` only `inactive`, locales
 * must look like BCP-47. Unknown parameters are ignored, as most services do; a repeated
 * parameter counts by its first value.
 */
export const LOCALE_PATTERN = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

const DEFAULT_LIMIT = 50;
const INTEGER = /^[+-]?\d+$/;
const NON_NEGATIVE_INTEGER = /^\+?\d+$/;

export interface ListParams extends ListQuery {
	locale: string;
	limit: number;
	offset: number;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** The list endpoint: limit defaults to 50, `<= 0` becomes 50, and the (undocumented) cap clamps it. */
export function parseListParams(
	params: URLSearchParams,
	maxLimit: number,
): ParseResult<ListParams> {
	const rawLimit = params.get('limit');
	if (rawLimit !== null && !INTEGER.test(rawLimit)) return invalid('limit', rawLimit, 'an integer');
	let limit = rawLimit === null ? DEFAULT_LIMIT : Number(rawLimit);
	if (limit <= 0) limit = DEFAULT_LIMIT;
	limit = Math.min(limit, maxLimit);

	const rawOffset = params.get('offset');
	if (rawOffset !== null && !NON_NEGATIVE_INTEGER.test(rawOffset))
		return invalid('offset', rawOffset, 'a non-negative integer');
	const offset = rawOffset === null ? 0 : Number(rawOffset);
	if (!Number.isSafeInteger(offset)) return invalid('offset', rawOffset ?? '', 'a safe integer');

	const value: ListParams = { limit, offset, locale: 'fr' };
	for (const flag of ['withAudio', 'published'] as const) {
		const raw = params.get(flag);
		if (raw === null) continue;
		if (raw !== 'true' && raw !== 'false') return invalid(flag, raw, '`true` or `false`');
		value[flag] = raw === 'true';
	}
	const without = params.get('without');
	if (without !== null) {
		if (without !== 'inactive') return invalid('without', without, '`inactive`');
		value.without = 'inactive';
	}
	const locale = params.get('locale');
	if (locale !== null) {
		if (!LOCALE_PATTERN.test(locale)) return invalid('locale', locale, 'a BCP-47 language code');
		value.locale = locale;
	}
	return { ok: true, value };
}

export interface SingleParams {
	/** Undefined: reviews of every locale (single-product endpoint). */
	locale: string | undefined;
	type: string;
	variant: string | undefined;
}

/** Single-product endpoint: all optional; only `locale` has a checkable format. */
export function parseSingleParams(params: URLSearchParams): ParseResult<SingleParams> {
	const locale = params.get('locale') ?? undefined;
	if (locale !== undefined && !LOCALE_PATTERN.test(locale))
		return invalid('locale', locale, 'a BCP-47 language code');
	const type = params.get('type') || 'standalone';
	const variant = params.get('variant') ?? undefined;
	return { ok: true, value: { locale, type, variant } };
}

function invalid(name: string, raw: string, expected: string): { ok: false; message: string } {
	return {
		ok: false,
		message: `Invalid query parameter ${name}=${JSON.stringify(raw)}: expected ${expected}`,
	};
}
