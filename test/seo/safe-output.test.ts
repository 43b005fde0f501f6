import { describe, expect, it } from 'vitest';
import { createUrlGuard, safeHttpUrl } from '../../integration/src/schema/safe-url.js';
import { serializeJsonLd } from '../../integration/src/seo/serialize-json-ld.js';

describe('safeHttpUrl', () => {
	it.each([
		['https://cdn.example.com/a.mp3', 'https://cdn.example.com/a.mp3'],
		['  http://cdn.example.com/a b.mp3 ', 'http://cdn.example.com/a%20b.mp3'],
		['HTTPS://CDN.example.com/x', 'https://cdn.example.com/x'],
	])('keeps %j', (value, expected) => expect(safeHttpUrl(value)).toBe(expected));

	it.each([
		['javascript:alert(1)'],
		[' JaVaScRiPt:alert(2)'],
		['data:text/html,<script>alert(1)</script>'],
		['vbscript:msgbox(1)'],
		['//evil.example/a.mp3'],
		['/relative.mp3'],
		['https://user:pass@example.com/a.mp3'],
		['not a url'],
		[''],
	])('drops %j', (value) => expect(safeHttpUrl(value)).toBeUndefined());

	it('reports dropped values with the ref and field', () => {
		const dropped: unknown[] = [];
		const guard = createUrlGuard((info) => dropped.push(info));
		expect(guard('javascript:x', 'reviews[1].audio_url', 'SKU-1')).toBeUndefined();
		expect(guard(undefined, 'reviews[2].audio_url', 'SKU-1')).toBeUndefined();
		expect(dropped).toEqual([
			{ value: 'javascript:x', field: 'reviews[1].audio_url', ref: 'SKU-1' },
		]);
	});
});

describe('serializeJsonLd', () => {
	const hostile = [
		'</script><script>alert(1)</script>',
		'<!--',
		'-->',
		'\u2028\u2029',
		'"quotes" and \\backslashes\\',
		'🎧 & <b>',
	];

	it('never leaves a character that could end the script element or break a parser', () => {
		const out = serializeJsonLd({ items: hostile });
		expect(out).not.toMatch(/[<>&\u2028\u2029]/);
		expect(JSON.parse(out)).toEqual({ items: hostile });
	});
});
