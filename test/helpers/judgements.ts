import type { Page } from 'playwright-core';

/**
 * The judgements of CONTRACT.md ("Inside a shop's site") on one page of the package as Chromium
 * lays it out: each returns what fails it, so a passing page gives `[]` and a report names the
 * element. The static ones run in the page (`page.evaluate(judgeLayout)`); the transcript one
 * drives the keyboard.
 */
export const JUDGEMENTS = [
	'transcript opens',
	'headings stand out',
	'blocks apart',
	'links not colour alone',
	'lists not indented',
	'fits',
] as const;
export type Judgement = (typeof JUDGEMENTS)[number];

/** Runs in the page: every static judgement, by name, with what fails it. */
export function judgeLayout(): Record<string, string[]> {
	const root = document.querySelector('.aar-page')!;
	const px = (value: string) => Number.parseFloat(value) || 0;
	const shown = (element: Element) => {
		const box = element.getBoundingClientRect();
		return (
			box.width > 1 &&
			box.height > 1 &&
			element.checkVisibility() &&
			!element.classList.contains('aar-sr')
		);
	};
	const name = (element: Element) =>
		`${element.localName}${element.className ? `.${String(element.className).trim().split(/\s+/).join('.')}` : ''}${element.textContent ? ` "${element.textContent.trim().slice(0, 24)}"` : ''}`;
	const text = px(getComputedStyle(root).fontSize);

	const headings = [...root.querySelectorAll('h1, h2, h3, h4, h5, h6')]
		.filter(shown)
		.flatMap((heading) => {
			const style = getComputedStyle(heading);
			const ok = Number(style.fontWeight) >= 600 || px(style.fontSize) >= 1.2 * text - 0.01;
			return ok
				? []
				: [`${name(heading)}: ${style.fontSize} weight ${style.fontWeight}, text ${text}px`];
		});

	const stacks = [
		'.aar-page',
		'.aar-product',
		'.aar-reviews',
		'.aar-summary',
		'.aar-overview',
		'.aar-empty',
		'.aar-list',
		'.aar-card',
		'.aar-transcript',
		'.aar-transcript-text',
		'.aar-hub-list',
		'.aar-hub-item',
		'.aar-review-pages',
		// Rows that wrap: an item on the next line sits under the one before it.
		'.aar-review-header',
		'.aar-card-title',
		'.aar-hub-rating',
		'.aar-breadcrumb ol',
		'.aar-locales ul',
		'.aar-review-pages ul',
		'.aar-pagination ul',
	];
	const blocks = [...root.querySelectorAll(stacks.join(', '))].concat(root).flatMap((stack) => {
		const children = [...stack.children].filter(
			(child) => shown(child) && getComputedStyle(child).position !== 'absolute',
		);
		return children.slice(1).flatMap((child, index) => {
			const above = children[index]!.getBoundingClientRect();
			const box = child.getBoundingClientRect();
			// Side by side (a row of a flex or grid container): not stacked.
			if (box.top < above.bottom - 1) return [];
			const gap = box.top - above.bottom;
			return gap >= 4 - 0.01
				? []
				: [`${name(children[index]!)} → ${name(child)}: ${gap.toFixed(1)} px`];
		});
	});

	const links = [...root.querySelectorAll('a[href]')]
		.filter((a) => shown(a) && !a.closest('audio'))
		.flatMap((a) => {
			const style = getComputedStyle(a);
			const underlined = style.textDecorationLine.includes('underline');
			const bordered =
				px(style.borderBottomWidth) >= 1 &&
				style.borderBottomStyle !== 'none' &&
				!/rgba\(.*, 0\)|transparent/.test(style.borderBottomColor);
			return underlined || bordered
				? []
				: [`${name(a)}: ${style.textDecorationLine}, border ${style.borderBottom}`];
		});

	const lists = [...root.querySelectorAll('ol, ul')].filter(shown).flatMap((list) => {
		const first = [...list.children].find(shown);
		if (!first) return [];
		const style = getComputedStyle(list);
		const item = getComputedStyle(first);
		const listLeft =
			list.getBoundingClientRect().left + px(style.borderLeftWidth) + px(style.paddingLeft);
		const parent = list.parentElement!;
		const parentStyle = getComputedStyle(parent);
		const parentLeft =
			parent.getBoundingClientRect().left +
			px(parentStyle.borderLeftWidth) +
			px(parentStyle.paddingLeft);
		// A boxed item (a card) starts at its border; an item without a border, at its text.
		const boxed = px(item.borderLeftWidth) > 0 || item.backgroundColor !== 'rgba(0, 0, 0, 0)';
		const itemLeft =
			first.getBoundingClientRect().left + (boxed ? 0 : px(item.paddingLeft) + px(item.textIndent));
		const problems = [
			...(Math.abs(itemLeft - listLeft) > 0.5
				? [`first item ${(itemLeft - listLeft).toFixed(1)} px in`]
				: []),
			...(px(style.paddingLeft) > 0.5 ? [`padding ${style.paddingLeft}`] : []),
			...(listLeft < parentLeft - 0.5
				? [`${(parentLeft - listLeft).toFixed(1)} px out of its parent`]
				: []),
			...(item.display === 'list-item' && item.listStyleType !== 'none'
				? [`marker ${item.listStyleType}`]
				: []),
		];
		return problems.length ? [`${name(list)}: ${problems.join(', ')}`] : [];
	});

	const html = document.documentElement;
	const fits =
		html.scrollWidth > html.clientWidth
			? [`scrolls ${html.scrollWidth - html.clientWidth} px sideways`]
			: [];
	return {
		'headings stand out': headings,
		'blocks apart': blocks,
		'links not colour alone': links,
		'lists not indented': lists,
		fits,
	};
}

/**
 * The first long transcript: its control shows, takes the keyboard focus with Tab, and Enter
 * opens the whole text (taller, unclipped, `aria-expanded`); Space closes it again. What fails.
 */
export async function judgeTranscript(page: Page): Promise<string[]> {
	const card = page.locator('.aar-review:has(.aar-transcript-text[data-long])').first();
	const toggle = card.locator('.aar-toggle');
	const text = card.locator('.aar-transcript-text');
	if ((await toggle.count()) === 0) return ['no long transcript on the page'];
	if (!(await toggle.isVisible())) return ['its control is not shown'];
	const height = () => text.evaluate((node) => node.getBoundingClientRect().height);
	const closed = await height();
	// Tab from the element just before the control: the control is the next stop.
	await card.locator('.aar-transcript-text').evaluate((node) => {
		node.setAttribute('tabindex', '-1');
		(node as HTMLElement).focus();
	});
	await page.keyboard.press('Tab');
	if (!(await toggle.evaluate((node) => node === document.activeElement)))
		return ['Tab does not reach its control'];
	await page.keyboard.press('Enter');
	const open = await text.evaluate((node) => ({
		height: node.getBoundingClientRect().height,
		clipped: node.scrollHeight > node.clientHeight + 1,
	}));
	const expanded = await toggle.getAttribute('aria-expanded');
	const failures = [
		...(expanded === 'true' ? [] : [`aria-expanded ${expanded} after Enter`]),
		...(open.height > closed + 20
			? []
			: [`height ${closed.toFixed(0)} → ${open.height.toFixed(0)} px after Enter`]),
		...(open.clipped ? ['still clipped after Enter'] : []),
	];
	await page.keyboard.press('Space');
	if ((await toggle.getAttribute('aria-expanded')) !== 'false')
		failures.push('Space does not close it');
	return failures;
}
