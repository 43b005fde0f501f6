import { describe, expect, it } from 'vitest';
import type { Product, Review } from '../../integration/src/schema/product.js';
import { createUrlGuard, type DroppedUrl } from '../../integration/src/schema/safe-url.js';
import { productJsonLd } from '../../integration/src/seo/product-json-ld.js';
import { ratingSummary } from '../../integration/src/seo/review-policy.js';
import { serializeJsonLd } from '../../integration/src/seo/serialize-json-ld.js';

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

/** The graph's node of a type (the Product, or undefined). */
const nodeOf = (data: any, type: string) =>
	data['@graph'].find((node: any) => node['@type'] === type);

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
		review('r7', { type: 'testimony', rating: 5 }),
		review('r8', {}),
	]);

	it('aggregates only the rated reviews, mean rounded to 1 decimal, on a 0..5 scale', () => {
		const mean = ratings.reduce((a, b) => a + b, 0) / ratings.length; // 3.1
		const data = nodeOf(read(productJsonLd(mixed, {})), 'Product');
		expect(data.aggregateRating).toEqual({
			'@type': 'AggregateRating',
			ratingValue: Math.round(mean * 10) / 10,
			ratingCount: 5,
			reviewCount: 5,
			bestRating: 5,
			worstRating: 0,
		});
		expect(data.aggregateRating.ratingValue).toBe(3.1);
		// 2.5 counts toward 3 stars and 0 toward 1 star; the three testimonies (one rated) are counted apart.
		expect(ratingSummary(mixed)).toEqual({
			count: 5,
			average: 3.1,
			levels: { 5: 1, 4: 2, 3: 1, 2: 0, 1: 1 },
			testimonies: 3,
		});
	});

	it('rounds a repeating mean to 1 decimal, the same number in the summary and the JSON-LD', () => {
		const thirds = product([
			review('a', { rating: 5 }),
			review('b', { rating: 4 }),
			review('c', { rating: 4 }),
		]);
		expect(ratingSummary(thirds)).toEqual({
			count: 3,
			average: 4.3,
			levels: { 5: 1, 4: 2, 3: 0, 2: 0, 1: 0 },
			testimonies: 0,
		});
		expect(nodeOf(read(productJsonLd(thirds, {})), 'Product').aggregateRating.ratingValue).toBe(
			4.3,
		);
		// A mean on the half (4.25) rounds up.
		const quarters = product([
			review('a', { rating: 5 }),
			review('b', { rating: 4 }),
			review('c', { rating: 4 }),
			review('d', { rating: 4 }),
		]);
		expect(ratingSummary(quarters)?.average).toBe(4.3);
	});

	it('marks up exactly the rated reviews (0 is a rating; a rated testimony is not a review), the others as AudioObjects', () => {
		const data = read(productJsonLd(mixed, {}));
		const node = nodeOf(data, 'Product');
		expect(node.review.map((item: any) => item.reviewRating.ratingValue)).toEqual(ratings);
		expect(node.review[4].reviewRating).toEqual({
			'@type': 'Rating',
			ratingValue: 0,
			bestRating: 5,
			worstRating: 0,
		});
		const audio = data['@graph'].filter((item: any) => item['@type'] === 'AudioObject');
		expect(audio.map((item: any) => item['@id'])).toEqual([
			'#audio-r1',
			'#audio-r4',
			'#audio-r7',
			'#audio-r8',
		]);
		expect(JSON.stringify(audio)).not.toMatch(/rating/i);
	});

	it('has no Product when no review is rated', () => {
		const unrated = product([review('a', { type: 'testimony' }), review('b')]);
		const data = read(productJsonLd(unrated, {}));
		expect(nodeOf(data, 'Product')).toBeUndefined();
		expect(data['@graph'].filter((item: any) => item['@type'] === 'AudioObject')).toHaveLength(2);
		expect(ratingSummary(unrated)).toBeUndefined();
		expect(nodeOf(read(productJsonLd(product([]), {})), 'Product')).toBeUndefined();
	});
});

describe('productJsonLd: fields', () => {
	it('builds the graph, the Product and a full Review exactly', () => {
		const full = product(
			[
				review('r1', {
					label: 'Great chair',
					rating: 4.5,
					transcript: 'Sturdy </script> and comfy.',
					created_at: '2026-03-01T10:00:00.000Z',
					user: {
						id: 'u1',
						firstname: ' Ana ',
						lastname: 'Silva',
						image_url: 'https://cdn.example.com/u1.jpg',
						description: 'Verified buyer',
					},
				}),
			],
			{ name: 'Oak chair', seo_name: 'Solid oak chair', seo_description: ' Reviewed by buyers. ' },
		);
		const url = 'https://shop.example/products/SKU-7/';
		const crumbs = [
			{ name: 'Home', url: 'https://shop.example/' },
			{ name: 'Oak chair', url },
		];
		const data = read(productJsonLd(full, { url, locale: 'en', breadcrumbs: crumbs }));
		expect(data).toEqual({
			'@context': 'https://schema.org',
			'@graph': [
				{
					'@type': 'ItemPage',
					'@id': `${url}#webpage`,
					name: 'Oak chair',
					url,
					inLanguage: 'en',
					breadcrumb: { '@id': `${url}#breadcrumb` },
					mainEntity: { '@id': `${url}#product` },
				},
				{
					'@type': 'Product',
					'@id': `${url}#product`,
					name: 'Oak chair',
					sku: 'SKU-7',
					productID: 'SKU-7',
					description: 'Reviewed by buyers.',
					url,
					review: [
						{
							'@type': 'Review',
							author: {
								'@type': 'Person',
								name: 'Ana Silva',
								image: 'https://cdn.example.com/u1.jpg',
								description: 'Verified buyer',
							},
							reviewRating: { '@type': 'Rating', ratingValue: 4.5, bestRating: 5, worstRating: 0 },
							name: 'Great chair',
							reviewBody: 'Sturdy </script> and comfy.',
							datePublished: '2026-03-01T10:00:00.000Z',
							inLanguage: 'en',
							audio: {
								'@type': 'AudioObject',
								contentUrl: 'https://cdn.example.com/r1.mp3',
								encodingFormat: 'audio/mpeg',
								name: 'Great chair',
								inLanguage: 'en',
							},
						},
					],
					aggregateRating: {
						'@type': 'AggregateRating',
						ratingValue: 4.5,
						ratingCount: 1,
						reviewCount: 1,
						bestRating: 5,
						worstRating: 0,
					},
				},
				{
					'@type': 'BreadcrumbList',
					'@id': `${url}#breadcrumb`,
					itemListElement: [
						{ '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/' },
						{ '@type': 'ListItem', position: 2, name: 'Oak chair', item: url },
					],
				},
			],
		});
	});

	it('falls back: name from name then seo_name then ref, author "Anonymous", optional fields left out', () => {
		const bare = product(
			[review('r1', { rating: 3, user: { id: 'u1' }, audio_url: undefined, label: '  ' })],
			{ seo_name: 'SEO chair' },
		);
		const node = nodeOf(read(productJsonLd(bare, {})), 'Product');
		expect(node.name).toBe('SEO chair');
		expect(node).not.toHaveProperty('description');
		expect(node).not.toHaveProperty('url');
		expect(node.review[0]).toEqual({
			'@type': 'Review',
			author: { '@type': 'Person', name: 'Anonymous' },
			reviewRating: { '@type': 'Rating', ratingValue: 3, bestRating: 5, worstRating: 0 },
		});
		expect(
			nodeOf(read(productJsonLd(product([review('r', { rating: 1 })]), {})), 'Product').name,
		).toBe('SKU-7');
	});

	it('drops unsafe audio and image URLs and reports them with ref and field', () => {
		const hostile = product([
			review('r0', { rating: 5 }),
			review('r1', {
				rating: 4,
				audio_url: 'javascript:alert(1)',
				user: { id: 'u', firstname: 'Eve', image_url: 'data:image/png;base64,AAAA' },
			}),
			review('r2', { type: 'testimony', audio_url: '//evil.example/x.mp3', transcript: 'Hi.' }),
		]);
		const dropped: DroppedUrl[] = [];
		const guard = createUrlGuard((info) => dropped.push(info));
		const data = read(
			productJsonLd(hostile, {
				safeUrl: (value, field) => guard(value, field, hostile.external_id),
			}),
		);
		const node = nodeOf(data, 'Product');
		expect(node.review[0].audio.contentUrl).toBe('https://cdn.example.com/r0.mp3');
		expect(node.review[1]).not.toHaveProperty('audio');
		expect(node.review[1].author).toEqual({ '@type': 'Person', name: 'Eve' });
		expect(nodeOf(data, 'AudioObject')).not.toHaveProperty('contentUrl');
		expect(dropped).toHaveLength(3);
		expect(dropped).toEqual(
			expect.arrayContaining([
				{ value: 'data:image/png;base64,AAAA', field: 'reviews[1].user.image_url', ref: 'SKU-7' },
				{ value: 'javascript:alert(1)', field: 'reviews[1].audio_url', ref: 'SKU-7' },
				{ value: '//evil.example/x.mp3', field: 'reviews[2].audio_url', ref: 'SKU-7' },
			]),
		);
	});

	it('drops unsafe URLs with the default filter too', () => {
		const data = read(
			productJsonLd(product([review('r1', { rating: 2, audio_url: 'vbscript:x' })]), {}),
		);
		expect(nodeOf(data, 'Product').review[0]).not.toHaveProperty('audio');
	});
});
