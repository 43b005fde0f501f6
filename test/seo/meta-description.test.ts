import { describe, expect, it } from 'vitest';
import type { Product, Review } from '../../integration/src/schema/product.js';
import {
	MAX_DESCRIPTION_LENGTH,
	metaDescription,
} from '../../integration/src/seo/meta-description.js';
import { ogLocale } from '../../integration/src/seo/page-meta.js';

function review(extra: Partial<Review>): Review {
	return {
		id: 'r',
		type: 'review',
		is_active: true,
		is_default: false,
		user: { id: 'u' },
		...extra,
	};
}
function product(extra: Partial<Product>): Product {
	return { id: 'p', external_id: 'SKU-7', website: { id: 'w' }, reviews: [], ...extra };
}
const length = (text: string) => [...text].length;

describe('metaDescription', () => {
	it("uses the shop's seo_description, on one line", () => {
		expect(metaDescription(product({ seo_description: '  Solid oak.\n Hand made. ' }), 'fr')).toBe(
			'Solid oak. Hand made.',
		);
	});

	it('generates one in the page language from the name, the rating summary and a transcript', () => {
		const rated = product({
			name: 'Chaise',
			reviews: [
				review({ rating: 4 }),
				review({ rating: 5, transcript: 'Très  solide.\nJe recommande.' }),
			],
		});
		expect(metaDescription(rated, 'fr')).toBe(
			'Chaise : noté 4,5/5 dans 2 avis audio. “Très solide. Je recommande.”',
		);
		expect(metaDescription(rated, 'en')).toBe(
			'Chaise: rated 4.5/5 in 2 audio reviews. “Très solide. Je recommande.”',
		);
		expect(metaDescription(rated, 'de-AT')).toBe(
			'Chaise: bewertet mit 4,5/5 in 2 Audiobewertungen. “Très solide. Je recommande.”',
		);
		const heard = product({ name: 'Chair', reviews: [review({ type: 'testimony' })] });
		expect(metaDescription(heard, 'en')).toBe('Chair: 1 customer audio review.');
		expect(metaDescription(product({}), 'xx')).toBe(
			'SKU-7: customer audio reviews and testimonials.',
		);
	});

	it('is never empty and at most 160 characters, cut at a word, emoji kept whole', () => {
		const long = product({
			name: 'Lamp',
			reviews: [review({ rating: 3, transcript: `${'word '.repeat(60)}🎧🎧🎧` })],
		});
		const text = metaDescription(long, 'en');
		expect(length(text)).toBeLessThanOrEqual(MAX_DESCRIPTION_LENGTH);
		expect(text).toMatch(/ word…”$/);
		const unbroken = metaDescription(product({ seo_description: '🎧'.repeat(400) }), 'en');
		expect(length(unbroken)).toBe(MAX_DESCRIPTION_LENGTH);
		expect(unbroken.endsWith('🎧…')).toBe(true);
		expect(metaDescription(product({ seo_description: '   ', name: ' ' }), undefined)).toBe(
			'SKU-7: customer audio reviews and testimonials.',
		);
	});
});

describe('ogLocale', () => {
	it('gives ll_TT, with the likely region of a bare language', () => {
		expect(ogLocale('fr')).toBe('fr_FR');
		expect(ogLocale('en')).toBe('en_US');
		expect(ogLocale('en-GB')).toBe('en_GB');
		expect(ogLocale('pt-br')).toBe('pt_BR');
		expect(ogLocale('not a locale')).toBeUndefined();
		expect(ogLocale(undefined)).toBeUndefined();
	});
});
