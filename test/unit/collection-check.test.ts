import { describe, expect, it } from 'vitest';
import { emptyCollectionError } from '../../integration/src/routing/collection-check.js';

// The two messages the fixture builds of test/build/hostile-data-build.test.ts do not reach.
describe('the message of a collection the pages cannot read', () => {
	it('with no productsLoader() collection at all, shows how to declare one', () => {
		expect(emptyCollectionError('products', new Map()).message).toBe(
			'audioReviews() reads the collection "products", which does not exist or holds no entry. ' +
				'Declare it in src/content.config.ts (`products: defineCollection({ loader: productsLoader({ baseUrl, websiteId }) })`), or set `collection` in audioReviews() to the name it has there',
		);
	});

	it('quotes a name that is not an identifier', () => {
		expect(emptyCollectionError('shop-products', new Map()).message).toContain(
			'(`"shop-products": defineCollection(',
		);
	});
});
