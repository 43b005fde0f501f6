import type { core } from 'astro/zod';
import { AudioReviewsError, type ErrorContext } from './audio-reviews-error.js';

/** A product that does not match the schema of docs/service.md §2. Kept apart from transport errors. */
export class ProductValidationError extends AudioReviewsError {
	override name = 'ProductValidationError';
	readonly issues: readonly core.$ZodIssue[];
	/** `reviews[2].rating`-style paths of every issue. */
	readonly paths: readonly string[];

	constructor(issues: readonly core.$ZodIssue[], context: ErrorContext) {
		const summary = issues.map((issue) => `${formatIssuePath(issue.path)}: ${issue.message}`).join('; ');
		super(`Invalid product: ${summary}`, context);
		this.issues = issues;
		this.paths = issues.map((issue) => formatIssuePath(issue.path));
	}
}

/** `['reviews', 0, 'rating']` → `reviews[0].rating`, the way a user reads JSON. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
	let out = '';
	for (const key of path) {
		if (typeof key === 'number') out += `[${key}]`;
		else out += out === '' ? String(key) : `.${String(key)}`;
	}
	return out === '' ? '(root)' : out;
}
