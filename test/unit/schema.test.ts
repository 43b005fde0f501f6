import { describe, expect, it } from 'vitest';
import {
	errorBodySchema,
	productListSchema,
	productSchema,
	validateProduct,
} from '../../integration/src/entries/schema.js';
import { isIsoDateTime } from '../../integration/src/schema/text.js';
import { validProduct } from '../helpers/products.js';

describe('productSchema', () => {
	it('accepts a complete product of docs/service.md §2.1', () => {
		const product = validProduct();
		expect(productSchema.parse(product)).toEqual(product);
	});

	it('accepts the minimal product: only required fields', () => {
		const minimal = {
			id: 'p1',
			external_id: 'SKU-1',
			website: { id: 'w1' },
			reviews: [
				{ id: 'r1', type: 'testimony', is_active: true, is_default: false, user: { id: 'u1' } },
			],
		};
		expect(productSchema.parse(minimal)).toEqual(minimal);
	});

	it.each([['id'], ['external_id'], ['website'], ['reviews']])('requires %s', (field) => {
		const product: Record<string, unknown> = validProduct();
		delete product[field];
		const result = validateProduct(product);
		expect(result.success).toBe(false);
		if (!result.success) expect(result.error.paths).toContain(field);
	});

	it.each([['id'], ['type'], ['is_active'], ['is_default'], ['user']])(
		'requires reviews[].%s',
		(field) => {
			const product = validProduct();
			delete (product.reviews[1] as Record<string, unknown>)[field];
			const result = validateProduct(product);
			expect(result.success).toBe(false);
			if (!result.success) expect(result.error.paths).toContain(`reviews[1].${field}`);
		},
	);

	it('keeps rating within 0..5 and names the field path and the ref', () => {
		for (const rating of [0, 2.5, 5]) {
			const product = validProduct();
			product.reviews[0]!.rating = rating;
			expect(validateProduct(product).success).toBe(true);
		}
		const product = validProduct();
		product.reviews[1]!.rating = 7;
		const result = validateProduct(product);
		expect(result.success).toBe(false);
		if (result.success) return;
		expect(result.error.ref).toBe('chair-oak-2');
		expect(result.error.paths).toEqual(['reviews[1].rating']);
		expect(result.error.message).toContain('reviews[1].rating');
		expect(result.error.message).toContain('"chair-oak-2"');
		const negative = validProduct();
		negative.reviews[0]!.rating = -1;
		expect(validateProduct(negative).success).toBe(false);
	});

	it('rejects a review type the spec does not define', () => {
		const product = validProduct();
		(product.reviews[0] as Record<string, unknown>).type = 'video';
		const result = validateProduct(product);
		expect(result.success).toBe(false);
		if (!result.success) expect(result.error.paths).toEqual(['reviews[0].type']);
	});

	it('rejects a created_at that is not a timestamp', () => {
		const product = validProduct();
		product.reviews[0]!.created_at = 'yesterday';
		const result = validateProduct(product);
		if (result.success) throw new Error('expected failure');
		expect(result.error.paths).toEqual(['reviews[0].created_at']);
	});

	it('tolerates keys the service adds later, and drops them from the typed data', () => {
		const product = { ...validProduct(), brand_new_field: { nested: true } };
		(product.reviews[0] as Record<string, unknown>).duration_ms = 1234;
		const parsed = productSchema.parse(product);
		expect(parsed).not.toHaveProperty('brand_new_field');
		expect(parsed.reviews[0]).not.toHaveProperty('duration_ms');
	});

	it('validates experiments with nullable variation fields', () => {
		const product = validProduct();
		product.experiment = {
			id: 'e1',
			name: 'Hero audio',
			variations: [
				{
					id: 'v1',
					name: 'A',
					widgetEnabled: true,
					widgetConfigId: null,
					audioSelection: 'default',
					audioId: null,
					audioPosition: null,
					allocation: 50,
					position: 0,
				},
				{
					id: 'v2',
					name: 'B',
					widgetEnabled: false,
					widgetConfigId: 'cfg',
					audioSelection: 'specific',
					audioId: 'r1',
					audioPosition: 1,
					audioIdsByLocale: { fr: 'r1' },
					allocation: 50,
					position: 1,
					config: { any: ['thing'] },
				},
			],
		};
		expect(productSchema.safeParse(product).success).toBe(true);
		(product.experiment.variations[0] as Record<string, unknown>).widgetConfigId = undefined;
		const result = validateProduct(product);
		if (result.success) throw new Error('expected failure');
		expect(result.error.paths).toEqual(['experiment.variations[0].widgetConfigId']);
	});
});

describe('envelopes', () => {
	it('parses the error body and the list envelope', () => {
		expect(errorBodySchema.parse({ type: 'ERR_DB_MISSING', message: 'no' })).toEqual({
			type: 'ERR_DB_MISSING',
			message: 'no',
		});
		expect(errorBodySchema.safeParse({ message: 'no type' }).success).toBe(false);
		const list = { limit: 50, offset: 0, count_item: 1, items: [validProduct()] };
		expect(productListSchema.parse(list).items).toHaveLength(1);
		expect(productListSchema.safeParse({ ...list, count_item: -1 }).success).toBe(false);
	});
});

describe('created_at: ISO 8601 date-times only', () => {
	it.each([
		'2026-03-01T10:00:00Z',
		'2026-03-01T10:00:00.123456+02:00',
		'2026-03-01T10:00-0530',
		'2024-02-29T23:59:59Z',
	])('accepts %s', (value) => {
		expect(isIsoDateTime(value)).toBe(true);
	});
	it.each([
		'1',
		'2026',
		'2026-03-01',
		'Sun, 01 Mar 2026 10:00:00 GMT',
		'2026-02-30T00:00:00Z',
		'2025-02-29T10:00:00Z',
		'2026-03-01T24:00:00Z',
		'2026-03-01 10:00:00Z',
		'2026-03-01T10:00:00+25:00',
		' 2026-03-01T10:00:00Z',
	])('refuses %j', (value) => {
		expect(isIsoDateTime(value)).toBe(false);
	});
});
