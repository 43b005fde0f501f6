import { describe, expect, it } from 'vitest';
import { productPath } from '../../integration/src/routing/product-url.js';
import { productTitle } from '../../integration/src/seo/page-meta.js';
import { productJsonLd } from '../../integration/src/seo/product-json-ld.js';
import { ratingSummary } from '../../integration/src/seo/review-policy.js';
import { validProduct } from '../helpers/products.js';

describe('productJsonLd', () => {
	it('marks up a Product with its rated reviews only and an aggregate computed from them', () => {
		const product = validProduct();
		product.reviews.push({ ...product.reviews[0]!, id: 'r3', rating: 3, label: undefined });
		const graph = (
			productJsonLd(product, {
				url: 'https://shop.example/products/chair-oak-2/',
				locale: 'en',
			}) as any
		)['@graph'];
		const data = graph.find((node: any) => node['@type'] === 'Product');
		expect(data.sku).toBe('chair-oak-2');
		expect(data.name).toBe('Oak chair');
		expect(data.review).toHaveLength(2);
		// Independent computation: (4.5 + 3) / 2 = 3.75, shown with one decimal.
		expect(data.aggregateRating).toEqual({
			'@type': 'AggregateRating',
			ratingValue: 3.8,
			ratingCount: 2,
			reviewCount: 2,
			bestRating: 5,
			worstRating: 0,
		});
		expect(data.review[0].reviewRating).toEqual({
			'@type': 'Rating',
			ratingValue: 4.5,
			bestRating: 5,
			worstRating: 0,
		});
		expect(data.review[0].author).toEqual({
			'@type': 'Person',
			name: 'Ana Silva',
			image: 'https://cdn.example.com/u/1.jpg',
			description: 'Verified buyer',
		});
		expect(data.review[0].audio).toMatchObject({
			'@type': 'AudioObject',
			contentUrl: 'https://cdn.example.com/a/1.mp3',
		});
		const testimony = graph.find((node: any) => node['@type'] === 'AudioObject');
		expect(testimony.transcript).toBe('The shop delivered quickly.');
	});

	it('has no Product when nothing is rated, and drops unsafe URLs', () => {
		const product = validProduct();
		for (const review of product.reviews) delete review.rating;
		product.reviews[0]!.audio_url = 'javascript:alert(1)';
		product.reviews[0]!.user.image_url = 'data:image/png;base64,AAAA';
		const graph = (productJsonLd(product) as any)['@graph'];
		expect(graph.map((node: any) => node['@type'])).not.toContain('Product');
		expect(graph[1]).not.toHaveProperty('contentUrl');
		expect(graph[1].author).not.toHaveProperty('image');
		expect(ratingSummary(product)).toBeUndefined();
	});

	it('falls back from seo_name to name to the ref', () => {
		const product = validProduct();
		expect(productTitle(product)).toBe('Solid oak dining chair');
		product.seo_name = '  ';
		expect(productTitle(product)).toBe('Oak chair');
		delete product.name;
		expect(productTitle(product)).toBe('chair-oak-2');
	});

	it('builds contract paths for default and other locales, and custom patterns', () => {
		expect(productPath('SKU-1', 'fr', 'fr')).toBe('/products/SKU-1/');
		expect(productPath('SKU-1', 'en', 'fr')).toBe('/en/products/SKU-1/');
		expect(productPath('x~0123456789ab', 'en', 'fr', '/shop/item-[ref]')).toBe(
			'/en/shop/item-x~0123456789ab/',
		);
	});
});
