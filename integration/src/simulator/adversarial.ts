import type { SimProduct } from './model.js';

const XSS = '<script>alert(1)</script>';
const ATTR = '"><img src=x onerror=alert(1)>';
const BREAK = '</script><!-- \u2028\u2029 "\\\' `${x}`';

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
	'caf\u00e9',
	'cafe\u0301',
	'日本語',
	'🎧-headphones',
	'Shoe-1',
	'shoe-1',
	`long-${'x'.repeat(295)}`,
	'back\\slash',
	'<script>',
];

/** Products whose every text field is hostile, each otherwise schema-valid. */
export function adversarialProducts(websiteId: string, locales: readonly string[], startIndex: number): SimProduct[] {
	return ADVERSARIAL_REFS.map((ref, i) => ({
		id: `00000000-0000-4000-8000-${String(startIndex + i).padStart(12, '0')}`,
		external_id: ref,
		name: `${XSS} ${ref}`,
		seo_name: i % 2 === 0 ? `${ATTR} ${ref}` : `Tricky ${ref} ${BREAK}`,
		seo_description: `${BREAK} ${XSS}`,
		website: { id: websiteId, name: ATTR },
		features: { ctaAnalytics: false },
		config: { theme: XSS },
		updatedAt: Date.parse('2025-06-01T00:00:00Z') + i,
		reviews: locales.flatMap((locale, j) => [
			{
				id: `adv-${i}-${locale}-1`,
				type: 'review' as const,
				label: `${ATTR} label`,
				rating: 4,
				audio_url: 'javascript:alert(1)',
				is_active: true,
				is_default: true,
				transcript: `${BREAK}\n${XSS} onmouseover="alert(1)" ${ref}`,
				created_at: '2025-06-01T10:00:00.000Z',
				user: { id: `u-${i}-${j}`, firstname: XSS, lastname: ATTR, image_url: 'data:text/html,<script>alert(1)</script>', description: BREAK },
				locale,
				validated: true,
				awaitingValidation: false,
			},
			{
				id: `adv-${i}-${locale}-2`,
				type: 'testimony' as const,
				audio_url: `https://cdn.audio-reviews.example/${locale}/adv-${i}.mp3?a=1&b="2"`,
				is_active: true,
				is_default: false,
				transcript: `Plain testimony for ${ref} with <b>markup</b> & entities &amp; \u2028 line separators.`,
				user: { id: `v-${i}-${j}`, firstname: 'Zoé', image_url: ' JaVaScRiPt:alert(2)' },
				locale,
				validated: true,
				awaitingValidation: false,
			},
		]),
	}));
}
