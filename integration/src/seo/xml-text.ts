/** Text for XML 1.0 documents built from untrusted strings. Escaping alone is not enough. */

// Everything outside XML 1.0's `Char` production (tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD,
// U+10000–U+10FFFF). With the `u` flag a lone surrogate is one code point, outside every range.
const FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const SPECIAL = /[&<>\r]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };

/** `value` without the characters XML 1.0 cannot hold. */
export function withoutForbiddenXmlChars(value: string): string {
	return value.replace(FORBIDDEN, '');
}

/**
 * Escaped for element content (not for attribute values: quotes stay as they are, which keeps
 * transcripts full of apostrophes compact).
 */
export function escapeXmlText(value: string): string {
	return withoutForbiddenXmlChars(value).replace(SPECIAL, (char) => ENTITIES[char]!);
}
