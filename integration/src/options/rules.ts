import { z } from 'astro/zod';

// The rules several options follow, each with one message: whichever of its checks fails, the
// user reads the same sentence saying what fits.

/** A whole number from `min` to `max`. */
export function wholeNumber(
	name: string,
	min: number,
	max: number,
	message = `Expected \`${name}\` to be a whole number from ${min} to ${max}`,
) {
	return z
		.number({ message })
		.refine((value) => Number.isInteger(value) && value >= min && value <= max, { message });
}

/** A BCP-47 language tag such as `fr`, `en`, `pt-BR`, `zh-Hant-TW` (the rule of docs/service.md). */
export const LOCALE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/** A string that may not be empty; `what` says what it holds, e.g. "the name of a content collection". */
export function nonEmptyText(name: string, what: string) {
	const message = `Expected \`${name}\` to be ${what}`;
	return z.string({ message }).min(1, { message });
}

/** `true` or `false`. */
export function flag(name: string) {
	return z.boolean({ message: `Expected \`${name}\` to be true or false` });
}

/** The name of an environment variable the option reads at build or request time, e.g. `INDEXNOW_KEY`. */
export function envVarName(name: string, example: string) {
	return z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, {
		message: `Expected \`${name}\` to be the name of an environment variable, e.g. "${example}"`,
	});
}

/**
 * A required setting whose type also takes `undefined`: an optional `astro:env` variable
 * (`envField.string({ optional: true })`) reads as `string | undefined`, and passing one must
 * type-check, then fail at config time with the option's own sentence when it is not set.
 */
export function settable<T extends z.ZodType<unknown, string>>(schema: T, expected: string) {
	return z
		.custom<string | undefined>(() => true)
		.transform((value, context) => {
			if (value !== undefined) return value;
			context.addIssue({
				code: 'custom',
				message: `required; ${expected} (undefined: is its environment variable set?)`,
				input: value,
			});
			return z.NEVER;
		})
		.pipe(schema);
}
