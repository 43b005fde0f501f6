import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { plural } from '../format/numbers.js';
import { BUILT_IN_WORDS, missingWords, type UiTextOverrides } from '../words/ui-text.js';
import { WORD_KEYS } from '../words/words.js';

/**
 * The build warnings for locales whose pages would show English words: one for the locales
 * without any words of their own, one per locale whose `uiText` leaves some words out.
 */
export function missingWordsWarnings(
	locales: readonly string[],
	overrides: UiTextOverrides = {},
): string[] {
	const gaps = locales
		.map((locale) => ({ locale, missing: missingWords(locale, overrides) }))
		.filter((gap) => gap.missing.length > 0);
	const without = gaps
		.filter((gap) => gap.missing.length === WORD_KEYS.length)
		.map((gap) => gap.locale);
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

/**
 * The breadcrumb of each locale's pages starts at that locale's home page, which is the site's to
 * write: a build without one gives every product page a first link that answers 404.
 */
export function missingHomeWarnings(
	homes: ReadonlyArray<{ locale: string | undefined; path: string }>,
	site: { dir: string; base: string },
): string[] {
	const warnings: string[] = [];
	for (const path of new Set(homes.map((home) => home.path))) {
		const folder = path.replace(/^\/+|\/+$/g, '');
		const files = folder === '' ? ['index.html'] : [`${folder}/index.html`, `${folder}.html`];
		if (files.some((file) => existsSync(join(site.dir, file)))) continue;
		const locales = homes.filter((home) => home.path === path).map((home) => home.locale);
		const url = `${site.base.replace(/\/$/, '')}${path}`;
		const page = folder === '' ? 'src/pages/index.astro' : `src/pages/${folder}/index.astro`;
		warnings.push(
			`The breadcrumb of the ${locales.filter(Boolean).join(', ') || 'product'} pages starts at ${url}, which this build does not have (a 404 on every product page). ` +
				`Add ${page} (docs/i18n.md, "Locale home pages" has a recipe for every locale)`,
		);
	}
	return warnings;
}
