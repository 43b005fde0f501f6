const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = {
	'<': '\\u003c',
	'>': '\\u003e',
	'&': '\\u0026',
	'\u2028': '\\u2028',
	'\u2029': '\\u2029',
};

/**
 * JSON for a `<script type="application/ld+json">` element. JSON.stringify alone leaves `</script>`
 * and `<!--` intact (they would end the element or open a comment), and U+2028/U+2029 break
 * pre-ES2019 parsers; escaping them as `\uXXXX` keeps the value identical for JSON.parse.
 */
export function serializeJsonLd(value: unknown): string {
	return JSON.stringify(value).replace(UNSAFE, (char) => ESCAPES[char]!);
}
