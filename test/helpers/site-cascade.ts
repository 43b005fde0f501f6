import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What a shop's own CSS meets in the package's pages (CONTRACT.md, "Inside a shop's site"): the
 * package's style rules, the classes it documents, and a site stylesheet placed before them.
 */
const COMPONENTS = fileURLToPath(new URL('../../integration/components/', import.meta.url));
const PRESENTATION = fileURLToPath(new URL('../../docs/presentation.md', import.meta.url));

/** The id of the `<style>` the tests put first in `<head>`, standing for the shop's stylesheet. */
export const SITE_SHEET_ID = 'site-rules';
/** The colour the site gives links inside every `aar-` element: no package colour may show instead. */
export const SITE_LINK_COLOUR = 'rgb(106, 0, 255)';

/** Every `<style>` block of the shipped components, with whether Astro would scope it. */
export async function componentStyles(): Promise<
	Array<{ file: string; css: string; scoped: boolean }>
> {
	const files = (await readdir(COMPONENTS, { recursive: true }))
		.filter((file) => file.endsWith('.astro'))
		.sort();
	const blocks: Array<{ file: string; css: string; scoped: boolean }> = [];
	for (const file of files) {
		const source = await readFile(join(COMPONENTS, file), 'utf8');
		for (const match of source.matchAll(/<style([^>]*)>([\s\S]*?)<\/style>/g)) {
			blocks.push({ file, css: match[2]!, scoped: !/\bis:global\b/.test(match[1]!) });
		}
	}
	return blocks;
}

/** The classes docs/presentation.md lists in "The `aar-` classes" (its table's first column). */
export async function documentedClasses(): Promise<string[]> {
	const text = await readFile(PRESENTATION, 'utf8');
	const start = text.indexOf('## The `aar-` classes');
	if (start < 0) throw new Error('docs/presentation.md has no "## The `aar-` classes" section');
	const end = text.indexOf('\n## ', start + 1);
	const section = text.slice(start, end < 0 ? undefined : end);
	const rows = section.split('\n').filter((line) => line.startsWith('| `'));
	return [
		...new Set(
			rows.flatMap((row) =>
				[...row.split('|')[1]!.matchAll(/`(aar-[a-z0-9-]+)`/g)].map((m) => m[1]!),
			),
		),
	].sort();
}

/** `aar-` class names used in some text (markup, CSS, the script), custom properties left out. */
export function classNamesIn(text: string): string[] {
	return [
		...new Set(
			[...text.matchAll(/(?<![-\w])aar-[a-z0-9]+(?:-[a-z0-9]+)*(?![-\w$])/g)].map((m) => m[0]),
		),
	];
}

/**
 * The shop's stylesheet: for every class, a rule that resets everything on the element and on
 * each element inside it (`all: revert`), and one colour for the links inside.
 */
export function siteRules(classes: readonly string[]): string {
	return classes
		.map(
			(name) => `.${name}, .${name} * { all: revert; }\n.${name} a { color: ${SITE_LINK_COLOUR}; }`,
		)
		.join('\n');
}

/** The page's HTML with the site's stylesheet first in `<head>`, before anything of the package's. */
export function withSiteSheet(html: string, css: string): string {
	return html.replace(
		/<head[^>]*>/,
		(head) => `${head}<style id="${SITE_SHEET_ID}">${css}</style>`,
	);
}

/**
 * Runs in the page: the computed style of every `aar-` element and everything inside it, taken
 * once as served and once with the package's rules deleted from every sheet but the site's. A
 * site whose rules win everywhere sees no difference; each one found is listed.
 */
export function differencesWithoutPackageRules(siteSheetId: string): string[] {
	const scoped = new Set<Element>();
	for (const root of document.querySelectorAll('[class*="aar-"]')) {
		if (root === document.documentElement) continue;
		scoped.add(root);
		// Not an <audio>'s fallback content: never rendered, its style is not the page's.
		for (const inner of root.querySelectorAll('*:not(audio *)')) scoped.add(inner);
	}
	const elements = [...scoped];
	// Live declarations, read again once the rules are gone; every property but custom ones, by
	// name, taken once an element (Maps of them per element cost more than the page's styling).
	const styles = elements.map((element) => getComputedStyle(element));
	const properties = styles.map((style) => [...style].filter((name) => !name.startsWith('--')));
	const snapshot = () =>
		styles.map((style, index) => properties[index]!.map((name) => style.getPropertyValue(name)));
	const served = snapshot();
	const prune = (group: CSSStyleSheet | CSSGroupingRule) => {
		for (let i = group.cssRules.length - 1; i >= 0; i--) {
			const rule = group.cssRules[i]!;
			if (rule instanceof CSSStyleRule && rule.selectorText.includes('aar-')) group.deleteRule(i);
			else if (rule instanceof CSSGroupingRule) prune(rule);
		}
	};
	for (const sheet of document.styleSheets)
		if ((sheet.ownerNode as Element | null)?.id !== siteSheetId) prune(sheet);
	const bare = snapshot();
	const name = (element: Element) =>
		`${element.localName}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''}`;
	return elements.flatMap((element, index) =>
		properties[index]!.flatMap((property, at) => {
			const value = served[index]![at]!;
			const without = bare[index]![at]!;
			return without === value
				? []
				: [`${name(element)} ${property}: the package's ${value}, the site's ${without}`];
		}),
	);
}

/**
 * Runs in the page: the rules of a stylesheet (parsed by the browser) that could beat a site's
 * rule. Outside `:where()` a selector may hold element names only (`html body li:where(…)`,
 * `:is(h2, h3)`, a pseudo-element): it weighs less than one class, so any class rule of the site
 * wins whatever the order. A rule that sets a colour (text, background, border, outline,
 * decoration) weighs nothing at all, so a site's element rule (`a { color: … }`) wins too. Never
 * `!important`.
 */
export function weightedRules(css: string): string[] {
	const sheet = new CSSStyleSheet();
	sheet.replaceSync(css);
	const stripWhere = (selector: string) => {
		let out = '';
		for (let i = 0; i < selector.length; i++) {
			if (!selector.startsWith(':where(', i)) {
				out += selector[i];
				continue;
			}
			let depth = 0;
			for (i += ':where'.length; i < selector.length; i++) {
				if (selector[i] === '(') depth++;
				else if (selector[i] === ')' && --depth === 0) break;
			}
		}
		return out.replace(/::[\w-]+/g, '').replaceAll(':is(', '(');
	};
	const colour = /(^|-)(color|background-image|fill|stroke|shadow)$/;
	const found: string[] = [];
	const walk = (rules: CSSRuleList) => {
		for (const rule of rules) {
			if (rule instanceof CSSStyleRule) {
				const rest = stripWhere(rule.selectorText);
				// Defaults of the package's custom properties (`:root { --aar-… }`) compete with no rule of the site's.
				const onlyDefaults = [...rule.style].every((property) => property.startsWith('--aar-'));
				if (/[.#[:]/.test(rest) && !onlyDefaults)
					found.push(`${rule.selectorText}: more than element names outside :where()`);
				const colours = [...rule.style].filter(
					(property) =>
						colour.test(property) && !property.startsWith('--') && property !== 'box-shadow',
				);
				if (/[a-z]/i.test(rest) && colours.length)
					found.push(`${rule.selectorText}: sets ${colours.join(', ')} with weight`);
				// !important outweighs any specificity of the site's.
				if (
					[...rule.style].some(
						(property) => rule.style.getPropertyPriority(property) === 'important',
					)
				)
					found.push(`${rule.selectorText} !important`);
			} else if (rule instanceof CSSGroupingRule) walk(rule.cssRules);
		}
	};
	walk(sheet.cssRules);
	return found;
}
