import type { z } from 'astro/zod';
import { formatIssuePath } from '../errors/error-text.js';
import { AudioReviewsOptionsError } from '../errors/errors.js';

/**
 * Validates options once, at the edge, and throws an Astro user error whose message lists every
 * problem as `option: what was expected` and whose hint says where to fix it.
 */
export function parseOptions<S extends z.ZodType>(
	schema: S,
	input: unknown,
	caller: string,
): z.output<S> {
	const known =
		'shape' in schema ? Object.keys((schema as unknown as { shape: object }).shape) : [];
	// reportInput: without it zod leaves `input` out of its issues, and a wrong-type value would read as missing.
	const result = schema.safeParse(input ?? {}, { reportInput: true });
	const conflicts = conflictingLocales(input, known);
	if (result.success && conflicts.length === 0) return result.data;
	const lines = (result.success ? [] : result.error.issues).map((issue) => {
		if (issue.code === 'unrecognized_keys') {
			// A nested object's keys are named with their path; suggestions come from the top-level names only.
			const prefix = issue.path.length > 0 ? `${formatIssuePath(issue.path)}.` : '';
			return issue.keys
				.map((key) => {
					const close = prefix ? undefined : closest(key, known);
					return `${prefix}${key}: unknown option${close ? ` (did you mean \`${close}\`?)` : ''}`;
				})
				.join('\n- ');
		}
		const path = formatIssuePath(issue.path);
		const missing = issue.code === 'invalid_type' && issue.input === undefined;
		const message = missing ? `required; ${issue.message}` : issue.message;
		return `${path}: ${message}`;
	});
	lines.push(...conflicts);
	throw new AudioReviewsOptionsError(
		`Invalid ${caller} options:\n- ${lines.join('\n- ')}`,
		`Fix the options passed to ${caller}() in your Astro config or content config. Every option is described in node_modules/astro-audio-reviews/docs/options.md.`,
	);
}

// `locale` has a default, so only the raw input tells that both were given; silently ignoring
// one of them would build other locales than the user expects.
function conflictingLocales(input: unknown, known: readonly string[]): string[] {
	if (
		!known.includes('locale') ||
		!known.includes('locales') ||
		typeof input !== 'object' ||
		input === null
	)
		return [];
	const { locale, locales } = input as { locale?: unknown; locales?: unknown };
	if (locale === undefined || locales === undefined) return [];
	return [
		`locale, locales: set one, not both. Keep \`locales: ${JSON.stringify(locales)}\` for several locales (the first one is the default), ` +
			`or \`locale: ${JSON.stringify(locale)}\` alone for one locale`,
	];
}

/** Suggests the known option a typo most likely meant (case-insensitive, small edit distance). */
function closest(key: string, known: readonly string[]): string | undefined {
	let best: string | undefined;
	let bestDistance = 3;
	for (const candidate of known) {
		const distance = editDistance(key.toLowerCase(), candidate.toLowerCase());
		if (distance < bestDistance) {
			best = candidate;
			bestDistance = distance;
		}
	}
	return best;
}

function editDistance(a: string, b: string): number {
	const row = Array.from({ length: b.length + 1 }, (_, i) => i);
	for (let i = 1; i <= a.length; i++) {
		let previous = row[0]!;
		row[0] = i;
		for (let j = 1; j <= b.length; j++) {
			const current = row[j]!;
			row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
			previous = current;
		}
	}
	return row[b.length]!;
}
