import { describe, expect, it } from 'vitest';
import {
	createUrlGuard,
	type DroppedUrl,
	safeHttpUrl,
	unsafeUrlFields,
} from '../../integration/src/schema/safe-url.js';

describe('safeHttpUrl accepts absolute http(s) URLs, normalised', () => {
	it.each([
		['https://cdn.example.com/a.mp3', 'https://cdn.example.com/a.mp3'],
		['http://cdn.example.com/a.mp3', 'http://cdn.example.com/a.mp3'],
		['\n\t https://cdn.example.com/a.mp3 \n', 'https://cdn.example.com/a.mp3'],
		['HTTPS://CDN.Example.COM/A.mp3', 'https://cdn.example.com/A.mp3'],
		['https://cdn.example.com', 'https://cdn.example.com/'],
		['https://cdn.example.com:443/a.mp3?x=1#t', 'https://cdn.example.com/a.mp3?x=1#t'],
		['https://cdn.example.com/a b".mp3', 'https://cdn.example.com/a%20b%22.mp3'],
		['https://cdn.example.com/<x>', 'https://cdn.example.com/%3Cx%3E'],
		['https://bücher.example/a.mp3', 'https://xn--bcher-kva.example/a.mp3'],
	])('%j → %j', (value, expected) => {
		expect(safeHttpUrl(value)).toBe(expected);
	});
});

describe('safeHttpUrl rejects everything else', () => {
	it.each([
		'javascript:alert(1)',
		'  JaVaScRiPt:alert(1)',
		'java\nscript:alert(1)',
		'data:audio/mpeg;base64,AAAA',
		'data:text/html,<script>alert(1)</script>',
		'vbscript:msgbox(1)',
		'ftp://cdn.example.com/a.mp3',
		'file:///etc/passwd',
		'//evil.example/a.mp3',
		'/relative/a.mp3',
		'a.mp3',
		'https:cdn.example.com/a.mp3',
		'https:/cdn.example.com/a.mp3',
		'https://',
		'http://exa mple.com/',
		'https://user:pass@cdn.example.com/a.mp3',
		'https://user@cdn.example.com/a.mp3',
		'https://:pass@cdn.example.com/a.mp3',
		'',
		'   ',
	])('%j', (value) => {
		expect(safeHttpUrl(value)).toBeUndefined();
	});

	it('undefined and null', () => {
		expect(safeHttpUrl(undefined)).toBeUndefined();
		expect(safeHttpUrl(null)).toBeUndefined();
	});
});

describe('createUrlGuard', () => {
	it('passes safe URLs through and reports every dropped non-empty value with ref and field', () => {
		const dropped: DroppedUrl[] = [];
		const guard = createUrlGuard((info) => dropped.push(info));
		expect(guard('https://cdn.example.com/a.mp3', 'reviews[0].audio_url', 'SKU-1')).toBe(
			'https://cdn.example.com/a.mp3',
		);
		expect(guard('javascript:alert(1)', 'reviews[1].audio_url', 'SKU-1')).toBeUndefined();
		expect(guard('//evil.example/x.png', 'reviews[1].user.image_url', 'a/b')).toBeUndefined();
		expect(dropped).toEqual([
			{ value: 'javascript:alert(1)', field: 'reviews[1].audio_url', ref: 'SKU-1' },
			{ value: '//evil.example/x.png', field: 'reviews[1].user.image_url', ref: 'a/b' },
		]);
	});

	it('does not report absent or blank values', () => {
		const dropped: DroppedUrl[] = [];
		const guard = createUrlGuard((info) => dropped.push(info));
		expect(guard(undefined, 'audio_url', 'SKU-1')).toBeUndefined();
		expect(guard('  ', 'audio_url', 'SKU-1')).toBeUndefined();
		expect(dropped).toEqual([]);
	});
});

describe('unsafeUrlFields', () => {
	it('lists every rejected URL field of a product with its path', () => {
		const found = unsafeUrlFields({
			audio_url: 'data:audio/mpeg;base64,AAAA',
			reviews: [
				{
					audio_url: 'https://cdn.example.com/a.mp3',
					user: { image_url: 'https://cdn.example.com/u.png' },
				},
				{ audio_url: 'javascript:alert(1)', user: { image_url: '/u.png' } },
				{ user: {} },
			],
		});
		expect(found).toEqual([
			{ field: 'audio_url', value: 'data:audio/mpeg;base64,AAAA' },
			{ field: 'reviews[1].audio_url', value: 'javascript:alert(1)' },
			{ field: 'reviews[1].user.image_url', value: '/u.png' },
		]);
	});
});
