import { type Product, productSchema } from '../schema/product.js';

/** Products this process validated itself, by identity: nothing else can be in the set. */
const validatedHere = new WeakSet<object>();

export function markValidated(product: Product): void {
	validatedHere.add(product);
}

/**
 * The schema `productsLoader()` gives Astro. Astro's `parseData` runs the collection's schema:
 * ours unless the user set their own. The loader has already validated every product it
 * passes (it needs the issues to name the ref and field, and `onInvalid: "skip"`), so this
 * copy of `productSchema` returns those objects as they are instead of validating them a
 * second time; anything else, and every user schema, is validated in full. Types, the JSON
 * schema Astro writes for editors, and `.extend()` are those of `productSchema`.
 */
export function loaderSchema(): typeof productSchema {
	const schema = productSchema.clone();
	const validate = schema.safeParseAsync.bind(schema);
	const trusting: typeof schema.safeParseAsync = async (data, params) =>
		typeof data === 'object' && data !== null && validatedHere.has(data)
			? { success: true, data: data as Product }
			: validate(data, params);
	schema.safeParseAsync = trusting;
	return schema;
}
