import type { core } from 'astro/zod';
import { formatIssuePath } from '../errors/error-text.js';
import type { ErrorContext } from '../errors/errors.js';
import { ProductValidationError } from '../errors/errors.js';
import { structureProblem } from './free-form.js';
import { type Product, productSchema } from './product.js';

export { formatIssuePath };

export type ProductValidationResult =
	| { success: true; data: Product }
	| { success: false; error: ProductValidationError };

/** Validates one untrusted product. */
export function validateProduct(raw: unknown, context: ErrorContext = {}): ProductValidationResult {
	const unsafe = structureError(raw, context);
	if (unsafe) return { success: false, error: unsafe };
	// The offending values travel with the issues: the dev toolbar shows each skipped field's.
	const result = productSchema.safeParse(raw, { reportInput: true });
	if (result.success) return { success: true, data: result.data };
	return {
		success: false,
		error: new ProductValidationError(result.error.issues, {
			...context,
			ref: context.ref ?? refOf(raw),
		}),
	};
}

/**
 * Checked before anything hashes or parses the raw product: a value nested too deep for the
 * recursive hashing and serialising of the content store, named by ref and field path.
 */
export function structureError(
	raw: unknown,
	context: ErrorContext = {},
): ProductValidationError | undefined {
	const problem = structureProblem(raw);
	if (!problem) return undefined;
	const issue = {
		code: 'custom',
		path: problem.path,
		message: problem.message,
		input: undefined,
	} as core.$ZodIssue;
	return new ProductValidationError([issue], { ...context, ref: context.ref ?? refOf(raw) });
}

/** The product's `external_id` when the raw value has a usable one. */
export function refOf(raw: unknown): string | undefined {
	if (typeof raw === 'object' && raw !== null && 'external_id' in raw) {
		const ref = (raw as { external_id: unknown }).external_id;
		if (typeof ref === 'string') return ref;
	}
	return undefined;
}

/** The product's `id` when the raw value has a usable one; used to dedupe list pages. */
export function idOf(raw: unknown): string | undefined {
	if (typeof raw === 'object' && raw !== null && 'id' in raw) {
		const id = (raw as { id: unknown }).id;
		if (typeof id === 'string') return id;
	}
	return undefined;
}
