/**
 * Characters that let text break out of its log line or disguise it: C0 controls (newline,
 * carriage return, the escape that starts terminal sequences), DEL, C1 controls (a one-character
 * CSI), the Unicode line and paragraph separators and the bidirectional overrides.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Longest text of the service's own (a `message`, a body excerpt) an error quotes. */
export const SERVICE_TEXT_MAX_CHARS = 200;

/** Writes every control character as a visible escape, so the text stays on one line. */
export function escapeControl(text: string): string {
	return text.replace(CONTROL, (char) => NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Text the service wrote, made safe to put in a log line: cut to `max` characters (never inside
 * a surrogate pair), quoted, control characters escaped. It can then neither forge a line
 * (`\n[build] Complete!`) nor flood the log.
 */
export function quoteServiceText(text: string, max: number = SERVICE_TEXT_MAX_CHARS): string {
	const chars = Array.from(text);
	const cut = chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
	return escapeControl(JSON.stringify(cut));
}
