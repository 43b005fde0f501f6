import { describe, expect, it } from 'vitest';
import { productPath } from '../../integration/src/routing/product-url.js';
import type { Product } from '../../integration/src/schema/product.js';
import {
	authorName,
	productDescription,
	productTitle,
} from '../../integration/src/seo/page-meta.js';

function product(extra: Partial<Product>): Product {
	return { id: 'p1', external_id: 'SKU-7', website: { id: 'w1' }, reviews: [], ...extra };
}

describe('productTitle', () => {
	it('uses seo_name, then name, then the ref, trimmed; blank counts as unset', () => {
		expect(productTitle(product({ seo_name: ' SEO name ', name: 'Name' }))).toBe('SEO name');
		expect(productTitle(product({ seo_name: '', name: ' Name ' }))).toBe('Name');
		expect(productTitle(product({ seo_name: '   ', name: '\n' }))).toBe('SKU-7');
		expect(productTitle(product({}))).toBe('SKU-7');
		expect(productTitle(product({ external_id: ' a/b ' }))).toBe('a/b');
	});
});

describe('productDescription', () => {
	it('is seo_description trimmed, or undefined when unset or blank', () => {
		expect(productDescription(product({ seo_description: ' Nice. ' }))).toBe('Nice.');
		expect(productDescription(product({ seo_description: '  ' }))).toBeUndefined();
		expect(productDescription(product({ name: 'not a description' }))).toBeUndefined();
	});
});

describe('authorName', () => {
	it('joins the trimmed parts that are set', () => {
		expect(authorName({ id: 'u', firstname: ' Ana ', lastname: ' Silva ' })).toBe('Ana Silva');
		expect(authorName({ id: 'u', firstname: 'Ana' })).toBe('Ana');
		expect(authorName({ id: 'u', firstname: ' ', lastname: 'Silva' })).toBe('Silva');
		expect(authorName({ id: 'u' })).toBeUndefined();
	});
});

describe('productPath', () => {
	it('puts the default locale at /products/<slug>/ and the others under /<locale>/', () => {
		expect(productPath('SKU-1', 'fr', 'fr')).toBe('/products/SKU-1/');
		expect(productPath('SKU-1', 'en', 'fr')).toBe('/en/products/SKU-1/');
		expect(productPath('SKU-1', 'en-GB', 'fr')).toBe('/en-GB/products/SKU-1/');
		expect(productPath('red-shoe~0123456789ab', '', '')).toBe('/products/red-shoe~0123456789ab/');
	});

	it('supports any pattern containing [ref]', () => {
		expect(productPath('SKU-1', 'fr', 'fr', '/shop/[ref]/reviews')).toBe('/shop/SKU-1/reviews/');
		expect(productPath('SKU-1', 'en', 'fr', 'item-[ref]/')).toBe('/en/item-SKU-1/');
		expect(productPath('SKU-1', 'fr', 'fr', '/[ref]')).toBe('/SKU-1/');
	});

	it('rejects patterns without [ref], and slugs or locales that are not one safe segment', () => {
		expect(() => productPath('SKU-1', 'fr', 'fr', '/products/[slug]')).toThrow(/\[ref\]/);
		expect(() => productPath('../x', 'fr', 'fr')).toThrow(/not a product slug/);
		expect(() => productPath('a/b', 'fr', 'fr')).toThrow(/not a product slug/);
		expect(() => productPath('SKU-1', '../en', 'fr')).toThrow(/not a locale/);
	});
});
