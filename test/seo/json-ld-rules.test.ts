import { describe, expect, it } from 'vitest';
import type { Product, Review } from '../../integration/src/schema/product.js';
import { createUrlGuard, productJsonLd, ratingSummary, serializeJsonLd, type DroppedUrl } from '../../integration/src/seo/index.js';

function review(id: string, extra: Partial<Review> = {}): Review {
	return {
		id,
		type: 'review',
		is_active: true,
		is_default: false,
		audio_url: `https://cdn.example.com/${id}.mp3`,
		user: { id: `u-${id}`, firstname: 'Ana', lastname: 'Silva' },
		...extra,
	};
}

function product(reviews: Review[], extra: Partial<Product> = {}): Product {
	return { id: 'p1', external_id: 'SKU-7', website: { id: 'w1' }, reviews, ...extra };
}

/** The JSON-LD as a plain object, as a crawler reads it. */
function read(data: unknown): any {
	return JSON.parse(serializeJsonLd(data));
}

describe('productJsonLd: ratings', () => {
	const ratings = [5, 4, 4, 2.5, 0];
	const mixed = product([
		review('r0', { rating: 5, label: 'Love it', transcript: 'Best purchase.' }),
		review('r1', { type: 'testimony', transcript: 'Fast delivery.' }),
		review('r2', { rating: 4 }),
		review('r3', { rating: 4 }),
		review('r4', { type: 'testimony' }),
		review('r5', { rating: 2.5 }),
		review('r6', { rating: 0 }),
	]);

	it('aggregates only the rated reviews, mean rounded to 2 decimals, on a 0..5 scale', () => {
		const mean = ratings.reduce((a, b) => a + b, 0) / ratings.length; // 3.1
		const data = read(productJsonLd(mixed, {}));
		expect(data.aggregateRating).toEqual({
			'@type': 'AggregateRating',
			ratingValue: Math.round(mean * 100) / 100,
			ratingCount: 5,
			reviewCount: 5,
			bestRating: 5,
			worstRating: 0,
		});
		expect(data.aggregateRating.ratingValue).toBe(3.1);
		expect(ratingSummary(mixed)).toEqual({ count: 5, average: 3.1 });
	});

	it('rounds a repeating mean to 2 decimals', () => {
		const thirds = product([review('a', { rating: 5 }), review('b', { rating: 4 }), review('c', { rating: 4 })]);
		expect(ratingSummary(thirds)).toEqual({ count: 3, average: 4.33 });
		expect(read(productJsonLd(thirds, {})).aggregateRating.ratingValue).toBe(4.33);
	});

	it('marks up every review, with reviewRating only on rated ones (0 is a rating)', () => {
		const data = read(productJsonLd(mixed, {}));
		expect(data.review).toHaveLength(7);
		const rated = data.review.map((item: any) => item.reviewRating?.ratingValue ?? null);
		expect(rated).toEqual([5, null, 4, 4, null, 2.5, 0]);
		expect(data.review[1]).not.toHaveProperty('reviewRating');
		expect(data.review[6].reviewRating).toEqual({ '@type': 'Rating', ratingValue: 0, bestRating: 5, worstRating: 0 });
	});

	it('has no aggregateRating when no review is rated', () => {
		const unrated = product([review('a', { type: 'testimony' }), review('b')]);
		const data = read(productJsonLd(unrated, {}));
		expect(data).not.toHaveProperty('aggregateRating');
		expect(data.review.every((item: any) => !('reviewRating' in item))).toBe(true);
		expect(ratingSummary(unrated)).toBeUndefined();
	});

	it('has neither review nor aggregateRating for a product without reviews', () => {
		const data = read(productJsonLd(product([]), {}));
		expect(data).not.toHaveProperty('review');
		expect(data).not.toHaveProperty('aggregateRating');
	});
});

describe('productJsonLd: fields', () => {
	it('builds the Product and a full Review exactly', () => {
		const full = product(
			[
				review('r1', {
					label: 'Great chair',
					rating: 4.5,
					transcript: 'Sturdy </script> and comfy.',
					created_at: '2026-03-01T10:00:00.000Z',
					user: { id: 'u1', firstname: ' Ana ', lastname: 'Silva', image_url: 'https://cdn.example.com/u1.jpg', description: 'Verified buyer' },
				}),
			],
			{ name: 'Oak chair', seo_name: 'Solid oak chair', seo_description: ' Reviewed by buyers. ' },
		);
		const data = read(productJsonLd(full, { url: 'https://shop.example/products/SKU-7/', locale: 'en' }));
		expect(data).toEqual({
			'@context': 'https://schema.org',
			'@type': 'Product',
			name: 'Solid oak chair',
			sku: 'SKU-7',
			productID: 'SKU-7',
			description: 'Reviewed by buyers.',
			url: 'https://shop.example/products/SKU-7/',
			review: [
				{
					'@type': 'Review',
					name: 'Great chair',
					reviewBody: 'Sturdy </script> and comfy.',
					datePublished: '2026-03-01T10:00:00.000Z',
					inLanguage: 'en',
					author: { '@type': 'Person', name: 'Ana Silva', image: 'https://cdn.example.com/u1.jpg', description: 'Verified buyer' },
					reviewRating: { '@type': 'Rating', ratingValue: 4.5, bestRating: 5, worstRating: 0 },
					audio: {
						'@type': 'AudioObject',
						contentUrl: 'https://cdn.example.com/r1.mp3',
						encodingFormat: 'audio/mpeg',
						transcript: 'Sturdy </script> and comfy.',
						name: 'Great chair',
					},
				},
			],
			aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 1, reviewCount: 1, bestRating: 5, worstRating: 0 },
		});
	});

	it('falls back: name from name then ref, author "Anonymous", optional fields left out', () => {
		const bare = product([review('r1', { user: { id: 'u1' }, audio_url: undefined, label: '  ' })], { name: 'Oak chair', seo_name: '' });
		const data = read(productJsonLd(bare, {}));
		expect(data.name).toBe('Oak chair');
		expect(data).not.toHaveProperty('description');
		expect(data).not.toHaveProperty('url');
		expect(data.review[0]).toEqual({ '@type': 'Review', author: { '@type': 'Person', name: 'Anonymous' } });
		expect(read(productJsonLd(product([]), {})).name).toBe('SKU-7');
	});

	it('drops unsafe audio and image URLs and reports them with ref and field', () => {
		const hostile = product([
			review('r0'),
			review('r1', { audio_url: 'javascript:alert(1)', user: { id: 'u', firstname: 'Eve', image_url: 'data:image/png;base64,AAAA' } }),
			review('r2', { audio_url: '//evil.example/x.mp3' }),
		]);
		const dropped: DroppedUrl[] = [];
		const guard = createUrlGuard((info) => dropped.push(info));
		const data = read(productJsonLd(hostile, { safeUrl: (value, field) => guard(value, field, hostile.external_id) }));
		expect(data.review[0].audio.contentUrl).toBe('https://cdn.example.com/r0.mp3');
		expect(data.review[1]).not.toHaveProperty('audio');
		expect(data.review[1].author).toEqual({ '@type': 'Person', name: 'Eve' });
		expect(data.review[2]).not.toHaveProperty('audio');
		expect(dropped).toEqual([
			{ value: 'data:image/png;base64,AAAA', field: 'reviews[1].user.image_url', ref: 'SKU-7' },
			{ value: 'javascript:alert(1)', field: 'reviews[1].audio_url', ref: 'SKU-7' },
			{ value: '//evil.example/x.mp3', field: 'reviews[2].audio_url', ref: 'SKU-7' },
		]);
	});

	it('drops unsafe URLs with the default filter too', () => {
		const data = read(productJsonLd(product([review('r1', { audio_url: 'vbscript:x' })]), {}));
		expect(data.review[0]).not.toHaveProperty('audio');
	});
});
