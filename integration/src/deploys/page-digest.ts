import { createHash } from 'node:crypto';
import { renderedFields } from '../loaders/content-dates.js';
import type { Product } from '../schema/product.js';

/**
 * What a product's pages show, as one digest: the fields that move its sitemap `lastmod`, so a
 * change poll calls the hook for is exactly a change the pages would show. The one place the
 * command reads that digest from.
 */
export function pageDigest(product: Product): string {
	return createHash('sha256')
		.update(JSON.stringify(renderedFields(product)))
		.digest('base64url');
}
