import type { core } from 'astro/zod';

/**
 * The words errors are made of: service text quoted safely, a value the service sent, a zod issue
 * as `path: reason (sent value)`. Apart from the error classes, so errors.ts holds only classes.
 */

/** Characters that let text break out of its log line or disguise it. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Longest text of the service's own (a `message`, a body excerpt) an error quotes. */
export const SERVICE_TEXT_MAX_CHARS = 200;

/** Writes every control character as a visible escape, so the text stays on one line. */
export function escapeControl(text: string): string {
	return text.replace(
		CONTROL,
		(char) => NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
	);
}

/** Service text made safe for a log line: cut to `max` characters, quoted, controls escaped. */
export function quoteServiceText(text: string, max: number = SERVICE_TEXT_MAX_CHARS): string {
	const chars = Array.from(text);
	const cut = chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
	return escapeControl(JSON.stringify(cut));
}

/**
 * `reviews[0].rating: Too big: expected number to be <=5 (sent 7)`: the field, zod's reason and
 * the value the service sent (when zod reported it: `reportInput`), so the reader sees the 7.
 */
export function issueText(issue: core.$ZodIssue): string {
	const input = 'input' in issue ? issue.input : undefined;
	// A scalar is named (the 7 of a rating); an object or a list would only bury the reason.
	const scalar = input === null || ['string', 'number', 'boolean'].includes(typeof input);
	const sent = scalar ? ` (sent ${shownValue(input)})` : '';
	return `${formatIssuePath(issue.path)}: ${issue.message}${sent}`;
}

const VALUE_CHARS = 80;
/** A value the service sent, as JSON cut to VALUE_CHARS: messages name the value they refuse. */
export function shownValue(value: unknown): string {
	let text: string;
	try {
		text = value === undefined ? 'undefined' : (JSON.stringify(value) ?? String(value));
	} catch {
		text = String(value);
	}
	return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS - 1)}…` : text;
}

/** `['reviews', 0, 'rating']` → `reviews[0].rating`, the way a user reads JSON. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
	let out = '';
	for (const key of path) {
		if (typeof key === 'number') out += `[${key}]`;
		else out += out === '' ? String(key) : `.${String(key)}`;
	}
	return out === '' ? '(root)' : out;
}
