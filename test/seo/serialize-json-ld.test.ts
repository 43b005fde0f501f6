import { describe, expect, it } from 'vitest';
import { AudioReviewsError } from '../../integration/src/errors/errors.js';
import { serializeJsonLd } from '../../integration/src/seo/serialize-json-ld.js';

const HOSTILE = [
	'</script><script>alert(1)</script>',
	'</SCRIPT >',
	'<!--',
	'-->',
	'<!-- <script>',
	'\u2028\u2029',
	'line\u2028separator',
	`"double" 'single' \`back\``,
	'back\\slash \\u003c \\\\',
	'&amp; &lt; &#60;',
	'🎧 emoji 日本語',
	'\u0000\u001f\u007f',
	'\ud800 lone surrogate',
];

describe('serializeJsonLd', () => {
	it('escapes <, >, &, U+2028 and U+2029 exactly as \\uXXXX', () => {
		expect(serializeJsonLd('<a>&\u2028\u2029')).toBe('"\\u003ca\\u003e\\u0026\\u2028\\u2029"');
	});

	it('leaves nothing that could close the script, open a comment or break a JS parser', () => {
		for (const text of HOSTILE) {
			const value = { '@type': 'Review', reviewBody: text, [text]: [text, 1, null, true] };
			const out = serializeJsonLd(value);
			expect(out, JSON.stringify(text)).not.toMatch(/[<>&\u2028\u2029]/);
			expect(out.toLowerCase()).not.toContain('</script');
			expect(out).not.toContain('<!--');
			expect(JSON.parse(out), JSON.stringify(text)).toEqual(value);
		}
	});

	it('round-trips the whole corpus at once, and is valid JavaScript too', () => {
		const value = { items: HOSTILE, nested: { deep: HOSTILE.join('') } };
		const out = serializeJsonLd(value);
		expect(JSON.parse(out)).toEqual(value);
		expect(new Function(`return ${out};`)()).toEqual(value);
	});

	it('keeps plain JSON unchanged', () => {
		expect(serializeJsonLd({ a: 'b', n: 4.5, l: [1, 2] })).toBe('{"a":"b","n":4.5,"l":[1,2]}');
	});

	it('refuses values with no JSON form', () => {
		expect(() => serializeJsonLd(undefined)).toThrow(AudioReviewsError);
		expect(() => serializeJsonLd(() => 1)).toThrow(/not undefined, a function or a symbol/);
	});
});
