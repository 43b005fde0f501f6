import { z } from 'astro/zod';

// Control characters have no place in a page (HTML calls them parse errors; some break XML feeds
// outright), yet a backoffice lets them through from pasted text.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

export function stripControlCharacters(text: string): string {
	return text.replace(CONTROL_CHARACTERS, '');
}

const ANY_CONTROL_CHARACTER = new RegExp(CONTROL_CHARACTERS.source);

export function hasControlCharacters(text: string): boolean {
	return ANY_CONTROL_CHARACTER.test(text);
}

/** A string field shown as text: control characters removed, type unchanged (still a plain zod string). */
export const text = () => z.string().overwrite(stripControlCharacters);

/** ISO 8601 date-time as the service documents `created_at`. */
const ISO_DATE_TIME =
	/^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))?$/;

export function isIsoDateTime(value: string): boolean {
	const match = ISO_DATE_TIME.exec(value);
	if (!match) return false;
	const [year, month, day, hour, minute, second = '0', offsetHours = '0', offsetMinutes = '0'] =
		match.slice(1) as string[];
	const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
	// Date.UTC rolls 2026-02-30 over to March: a real calendar day maps back to itself.
	const realDay =
		date.getUTCFullYear() === Number(year) &&
		date.getUTCMonth() === Number(month) - 1 &&
		date.getUTCDate() === Number(day);
	return (
		realDay &&
		Number(hour) <= 23 &&
		Number(minute) <= 59 &&
		Number(second) <= 59 &&
		Number(offsetHours) <= 23 &&
		Number(offsetMinutes) <= 59
	);
}

export const isoDateTime = () =>
	z.string().refine(isIsoDateTime, {
		message: 'Expected an ISO 8601 date-time such as "2026-03-01T10:00:00Z"',
	});
