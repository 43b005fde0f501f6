import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'astro/zod';
import { AudioReviewsOptionsError } from '../errors/options-error.js';
import { plural } from '../format/numbers.js';
import { missingWords, type UiTextOverrides } from '../pages/ui-text.js';
import { BUILT_IN_WORDS, PLACEHOLDERS, WORD_KEYS, type WordKey } from '../pages/words.js';

/** `layout`: the user's layout component, as a path from the project root. */
export const layoutOptionSchema = z
	.string({ message: 'Expected `layout` to be the path of your layout component, e.g. "/src/layouts/Shop.astro"' })
	.refine((value) => /^\.?\/[^\0]*\.astro$/.test(value), {
		message: 'Expected `layout` to be a path from the project root ending in .astro, e.g. "/src/layouts/Shop.astro"',
	});

const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'];

function checkPhrase(key: WordKey, locale: string, value: unknown, ctx: z.RefinementCtx): void {
	const texts = typeof value === 'string' ? [value] : value !== null && typeof value === 'object' ? Object.entries(value) : undefined;
	const where = `\`uiText.${locale}.${key}\``;
	if (texts === undefined || (typeof value === 'object' && typeof (value as { other?: unknown }).other !== 'string')) {
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
			if (!PLACEHOLDERS[key].includes(name!)) {
				const allowed = PLACEHOLDERS[key].map((p) => `{${p}}`).join(', ') || 'none';
				ctx.addIssue({ code: 'custom', message: `${where}: unknown placeholder {${name}} (this phrase takes: ${allowed})` });
			}
		}
	}
}

/** `uiText`: per-locale overrides of the words pages and components print. */
export const uiTextOptionSchema = z.record(z.string(), z.record(z.string(), z.unknown())).superRefine((locales, ctx) => {
	for (const [locale, words] of Object.entries(locales)) {
		if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(locale)) {
			ctx.addIssue({ code: 'custom', message: `\`uiText\`: ${JSON.stringify(locale)} is not a locale tag such as "nl" or "pt-BR"` });
		}
		for (const [key, value] of Object.entries(words)) {
			if (!(WORD_KEYS as string[]).includes(key)) {
				ctx.addIssue({
					code: 'custom',
					message: `\`uiText.${locale}\`: unknown word ${JSON.stringify(key)}; the words are ${WORD_KEYS.join(', ')}`,
				});
			} else checkPhrase(key as WordKey, locale, value, ctx);
		}
	}
});

/** The file the layout virtual module re-exports: the user's `layout`, else the package's standalone document. */
export function layoutFile(layout: string | undefined, root: URL): string {
	if (layout === undefined) return fileURLToPath(new URL('../../components/StandaloneLayout.astro', import.meta.url));
	const file = fileURLToPath(new URL(layout.replace(/^\.?\/+/, ''), root));
	if (!existsSync(file)) {
		throw new AudioReviewsOptionsError(
			`Invalid audioReviews options:\n- layout: ${layout} does not exist (looked for ${file})`,
			'Pass the path of your layout component from the project root, e.g. audioReviews({ layout: "/src/layouts/Shop.astro" })',
		);
	}
	return file;
}

/**
 * The build warnings for locales whose pages would show English words: one for the locales
 * without any words of their own, one per locale whose `uiText` leaves some words out.
 */
export function missingWordsWarnings(locales: readonly string[], overrides: UiTextOverrides = {}): string[] {
	const gaps = locales.map((locale) => ({ locale, missing: missingWords(locale, overrides) })).filter((gap) => gap.missing.length > 0);
	const without = gaps.filter((gap) => gap.missing.length === WORD_KEYS.length).map((gap) => gap.locale);
	const warnings = gaps
		.filter((gap) => gap.missing.length < WORD_KEYS.length)
		.map(
			({ locale, missing }) =>
				`Locale "${locale}" lacks ${plural(missing.length, 'a word', 'words')} in uiText: its pages show ${missing.join(', ')} in English. ` +
				`Add ${plural(missing.length, 'it', 'them')} with audioReviews({ uiText: { ${JSON.stringify(locale)}: { ${missing[0]}: '…', … } } })`,
		);
	if (without.length === 0) return warnings;
	const named = without.map((locale) => `"${locale}"`).join(', ');
	return [
		`No words for ${plural(without.length, 'locale')} ${named}: ${plural(without.length, 'its', 'their')} pages show English words ("${BUILT_IN_WORDS.en!.reviews}"). ` +
			`Add them with audioReviews({ uiText: { ${JSON.stringify(without[0])}: { reviews: '…', rated: '… {rating} …', … } } }) (words: ${WORD_KEYS.join(', ')}). ` +
			`Built-in words exist for ${Object.keys(BUILT_IN_WORDS).join(', ')}`,
		...warnings,
	];
}

/**
 * A layout without `<slot name="head" />` silently drops the pages' canonical, hreflang, Open
 * Graph and JSON-LD tags: look at one written product page and say so.
 */
export function layoutHeadWarning(
	layout: string | undefined,
	route: string,
	assets: ReadonlyMap<string, readonly URL[]>,
): string | undefined {
	const page = layout === undefined ? undefined : assets.get(route)?.[0];
	if (page === undefined) return undefined;
	const html = readFileSync(page, 'utf8');
	const head = html.slice(0, Math.max(0, html.indexOf('</head>')));
	if (head.includes('property="og:')) return undefined;
	return (
		`Layout ${layout} renders no <slot name="head" /> in its <head>: product pages such as ${fileURLToPath(page)} lack their canonical, hreflang, Open Graph and JSON-LD tags. ` +
		'Add <slot name="head" /> inside its <head> (an unfilled named slot renders nothing on your other pages)'
	);
}
