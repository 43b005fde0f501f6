import { z } from 'astro/zod';
import { LOCALE_TAG } from '../options/rules.js';

/** `layout`: the user's layout component, as a path from the project root. */
export const layoutOptionSchema = z
	.string({
		message:
			'Expected `layout` to be the path of your layout component, e.g. "/src/layouts/Shop.astro"',
	})
	.refine((value) => /^\.?\/[^\0]*\.astro$/.test(value), {
		message:
			'Expected `layout` to be a path from the project root ending in .astro, e.g. "/src/layouts/Shop.astro"',
	});

const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** Each word `uiText` may set, with the placeholders its phrase takes: the pages' words, handed in by the integration. */
export type WordPlaceholders = Readonly<Record<string, readonly string[]>>;

function checkPhrase(
	placeholders: readonly string[],
	where: string,
	value: unknown,
	ctx: z.RefinementCtx,
): void {
	const texts =
		typeof value === 'string'
			? [value]
			: value !== null && typeof value === 'object'
				? Object.entries(value)
				: undefined;
	if (
		texts === undefined ||
		(typeof value === 'object' && typeof (value as { other?: unknown }).other !== 'string')
	) {
		ctx.addIssue({
			code: 'custom',
			message: `${where}: expected a string, or plural forms such as { one: '…', other: '…' } (\`other\` required)`,
		});
		return;
	}
	for (const entry of texts) {
		const [category, text] = typeof entry === 'string' ? ['other', entry] : entry;
		if (!PLURAL_CATEGORIES.includes(category) || typeof text !== 'string') {
			ctx.addIssue({
				code: 'custom',
				message: `${where}.${category}: expected a string under one of the plural categories ${PLURAL_CATEGORIES.join(', ')}`,
			});
			continue;
		}
		for (const [, name] of text.matchAll(/\{(\w+)\}/g)) {
			if (!placeholders.includes(name!)) {
				const allowed = placeholders.map((p) => `{${p}}`).join(', ') || 'none';
				ctx.addIssue({
					code: 'custom',
					message: `${where}: unknown placeholder {${name}} (this phrase takes: ${allowed})`,
				});
			}
		}
	}
}

/** `uiText`: per-locale overrides of the words pages and components print. */
export function uiTextOptionSchema(placeholders: WordPlaceholders) {
	const wordKeys = Object.keys(placeholders);
	return z.record(z.string(), z.record(z.string(), z.unknown())).superRefine((locales, ctx) => {
		for (const [locale, words] of Object.entries(locales)) {
			if (!LOCALE_TAG.test(locale)) {
				ctx.addIssue({
					code: 'custom',
					message: `\`uiText\`: ${JSON.stringify(locale)} is not a locale tag such as "nl" or "pt-BR"`,
				});
			}
			for (const [key, value] of Object.entries(words)) {
				if (!wordKeys.includes(key)) {
					ctx.addIssue({
						code: 'custom',
						message: `\`uiText.${locale}\`: unknown word ${JSON.stringify(key)}; the words are ${wordKeys.join(', ')}`,
					});
				} else checkPhrase(placeholders[key]!, `\`uiText.${locale}.${key}\``, value, ctx);
			}
		}
	});
}
