import { AudioReviewsError } from '../errors/errors.js';

// `JSON.stringify` alone is not safe inside `<script type="application/ld+json">`: the HTML parser
// ends the element at the first `</script` whatever the JSON means, and `<!--` switches it into the
// "script data escaped" state where a later `<script` swallows the rest of the page.
const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Readonly<Record<string, string>> = {
	'<': '\\u003c',
	'>': '\\u003e',
	'&': '\\u0026',
	'\u2028': '\\u2028',
	'\u2029': '\\u2029',
};

/** JSON text that can be put verbatim inside `<script type="application/ld+json">`. */
export function serializeJsonLd(value: unknown): string {
	const json = JSON.stringify(value) as string | undefined;
	// `undefined`, functions and symbols have no JSON form: an empty script would be invalid JSON-LD.
	if (json === undefined)
		throw new AudioReviewsError(
			'serializeJsonLd needs a JSON-serialisable value (an object, array, string, number or boolean), not undefined, a function or a symbol: pass the JSON-LD object itself',
		);
	// These characters only ever occur inside JSON strings, where `\uXXXX` means the same thing.
	return json.replace(UNSAFE, (char) => ESCAPES[char] ?? char);
}
