import { createHash } from 'node:crypto';
import type { Product } from '../schema/product.js';
import { uiText } from '../words/ui-text.js';
import { productPageModel } from './page-model.js';

/**
 * A digest of what the product's page shows in `locale`, all its reviews on one page, at a fixed
 * place: it moves when the product's shown content does, never with the URL, the site or the build.
 */
export function productPageDigest(product: Product, locale: string): string {
	const model = productPageModel(
		{
			product,
			locale,
			lang: locale,
			slug: product.external_id,
			path: '/',
			alternates: [],
			defaultLocale: undefined,
		},
		{
			site: undefined,
			base: '/',
			trailingSlash: true,
			routing: undefined,
			search: 'pagefind',
			text: uiText(locale),
		},
	);
	return createHash('sha256').update(JSON.stringify(model)).digest('base64url');
}
