import type { SimAudio, SimProduct } from './model.js';

/*
 * Hostile but schema-valid content: every string the service may send is attacker-controlled
 * (shop staff and customers type it), so pages must escape it in HTML, in attributes, inside
 * <script type="application/ld+json"> and in URLs. Each product here is still a valid Product.
 */
const XSS = '<script>alert(1)</script>';
const ATTR = '"><img src=x onerror=alert(1)>';
const EVENT = '\' onmouseover=\'alert(1)\' x=" onfocus="alert(1)" autofocus';
const SVG = '<svg/onload=alert(1)>';
/** Ends an inline script, opens a comment, and breaks JSON embedded in JS (U+2028/U+2029). */
const BREAK =
	// biome-ignore lint/suspicious/noTemplateCurlyInString: hostile text a page must print as written
	'</script><!-- <!--<script> \u2028\u2029 "quoted" \\"escaped\\" back\\slash \' `${x}`';

/** URLs that must never reach an href/src unfiltered. */
const UNSAFE_URLS = [
	'javascript:alert(1)',
	'data:text/html,<script>alert(1)</script>',
	' JaVaScRiPt:alert(2)',
	'vbscript:msgbox(1)',
	'java\tscript:alert(3)',
];

/** Refs that break naive path handling: separators, dot segments, encodings, unicode, case twins. */
export const ADVERSARIAL_REFS: readonly string[] = [
	'red shoe',
	'a/b',
	'../../etc/passwd',
	'..',
	'.',
	'100%',
	'a%2Fb',
	'what?x=1#top',
	'q?',
	'#hash',
	'caf\u00e9',
	'cafe\u0301',
	'日本語',
	'🎧-headphones',
	'Shoe-1',
	'shoe-1',
	`long-${'x'.repeat(295)}`,
	// Plain refs at and past the longest slug a file system can hold as its own name.
	`plain-${'y'.repeat(194)}`,
	'Z'.repeat(201),
	'back\\slash',
	'<script>',
	' padded ',
	'CON',
	'__proto__',
	'constructor',
	'empty-strings',
];

const T0 = Date.parse('2025-06-01T00:00:00Z');

/** Products whose every text field is hostile, one per ref of `ADVERSARIAL_REFS`. */
export function adversarialProducts(
	websiteId: string,
	locales: readonly string[],
	startIndex = 0,
): SimProduct[] {
	return ADVERSARIAL_REFS.map((ref, i) =>
		ref === 'empty-strings'
			? emptyStrings(websiteId, locales, startIndex + i)
			: hostile(ref, i, websiteId, locales, startIndex + i),
	);
}

function hostile(
	ref: string,
	i: number,
	websiteId: string,
	locales: readonly string[],
	n: number,
): SimProduct {
	return {
		id: fakeUuid(n),
		external_id: ref,
		name: `${XSS} ${ref}`,
		...(i % 3 === 2 ? {} : { seo_name: i % 2 === 0 ? `${ATTR} ${ref}` : `Tricky ${ref} ${BREAK}` }),
		seo_description: `${BREAK} ${XSS} ${EVENT}`,
		website: { id: websiteId, name: ATTR },
		features: { ctaAnalytics: i % 2 === 0 },
		config: {
			theme: XSS,
			cta: { text: BREAK, url: UNSAFE_URLS[i % UNSAFE_URLS.length] },
			css: `</style>${XSS}`,
		},
		updatedAt: T0 + i * 1_000,
		reviews: locales.flatMap((locale, j) => hostileAudio(ref, i, n, locale, j)),
	};
}

/** A hostile review, a testimony with markup in its text, and an inactive review, in one locale. */
function hostileAudio(ref: string, i: number, n: number, locale: string, j: number): SimAudio[] {
	const base = `${n}-${j}`;
	const items: SimAudio[] = [
		{
			id: `adv-${base}-1`,
			type: 'review',
			label: `${ATTR} ${EVENT}`,
			rating: i % 2 === 0 ? 4.5 : 0,
			audio_url: UNSAFE_URLS[(i + j) % UNSAFE_URLS.length]!,
			is_active: true,
			is_default: true,
			transcript: `${BREAK}\n${XSS} ${SVG} onmouseover="alert(1)" ${ref}`,
			created_at: new Date(T0 - i * 86_400_000).toISOString(),
			user: {
				id: `u-${base}`,
				firstname: XSS,
				lastname: ATTR,
				image_url: UNSAFE_URLS[(i + 1) % UNSAFE_URLS.length]!,
				description: BREAK,
			},
			locale,
			validated: true,
			awaitingValidation: false,
		},
		{
			id: `adv-${base}-2`,
			type: 'testimony',
			audio_url: `https://cdn.audio-reviews.example/${locale}/adv-${n}.mp3?a=1&b="2"&c=<x>`,
			is_active: true,
			is_default: false,
			transcript: `Plain testimony for ${ref} with <b>markup</b> & entities &amp; &lt;script&gt; \u2028 line separators.`,
			user: {
				id: `v-${base}`,
				firstname: 'Zoé',
				lastname: 'O\'Brien "Quote"',
				image_url: 'data:image/svg+xml,<svg onload=alert(1)>',
			},
			locale,
			validated: true,
			awaitingValidation: false,
		},
		{
			id: `adv-${base}-3`,
			type: 'review',
			label: 'Inactive but hostile </script>',
			rating: 5,
			audio_url: `https://cdn.audio-reviews.example/${locale}/adv-${n}-off.mp3`,
			is_active: false,
			is_default: false,
			transcript: XSS,
			user: { id: `w-${base}` },
			locale,
			validated: true,
			awaitingValidation: false,
		},
	];
	return items;
}

/** Empty strings where text is optional: `??` and `||` fallbacks disagree on them. */
function emptyStrings(websiteId: string, locales: readonly string[], n: number): SimProduct {
	return {
		id: fakeUuid(n),
		external_id: 'empty-strings',
		name: '',
		seo_name: '',
		seo_description: '',
		website: { id: websiteId, name: '' },
		config: {},
		updatedAt: T0,
		reviews: locales.map((locale, j) => ({
			id: `adv-${n}-${j}-empty`,
			type: 'testimony' as const,
			label: '',
			audio_url: '',
			is_active: true,
			is_default: true,
			transcript: '',
			user: { id: `e-${n}-${j}`, firstname: '', lastname: '', image_url: '', description: '' },
			locale,
			validated: true,
			awaitingValidation: false,
		})),
	};
}

/** Recognisable, valid v4-shaped ids, so hostile products are easy to spot in logs. */
function fakeUuid(n: number): string {
	return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}
