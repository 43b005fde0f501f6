import type { Product } from '../schema/product.js';
import { unsafeUrlFields } from '../schema/safe-url.js';

/** One warning per URL field of a stored product that pages will not render (not http(s)). */
export function unsafeUrlWarnings(product: Product, locale: string | undefined): string[] {
	return unsafeUrlFields(product).map(
		({ field, value }) =>
			`Product ref ${JSON.stringify(product.external_id)} (locale ${locale}): ${field} is not an http(s) URL (${JSON.stringify(value.slice(0, 60))}); pages will not render it`,
	);
}
