import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REVIEWS_SCRIPT } from '../../integration/src/pages/review-script.js';
import { nuErrors } from '../helpers/nu-checker.js';
import {
	classNamesIn,
	componentStyles,
	differencesWithoutPackageRules,
	documentedClasses,
	SITE_LINK_COLOUR,
	SITE_SHEET_ID,
	siteRules,
	weightedRules,
} from '../helpers/site-cascade.js';
import {
	browser,
	injectedPages,
	open,
	shop,
	standalone,
	useShopLayoutSites,
} from './shop-layout-site.js';

/**
 * The injected pages inside a shop's own layout (CONTRACT.md, "Inside a shop's site"), built by
 * Astro and looked at in Debian's Chromium: one `<main>`, the layout's; content as wide as the
 * layout's slot; the shop's CSS winning over the package's; and the same site without `layout`,
 * whose standalone pages keep a reading width.
 */

const WIDTHS = [390, 1280] as const;
/** The axe-core Lighthouse runs its accessibility audit with. */
const AXE = createRequire(createRequire(import.meta.url).resolve('lighthouse')).resolve(
	'axe-core/axe.min.js',
);

useShopLayoutSites();

describe('pages inside the shop layout', () => {
	it('render one <main>, the layout’s, and no html, head or body of their own', async () => {
		const paths = await injectedPages(shop);
		expect(paths.length).toBeGreaterThan(15);
		for (const path of paths) {
			const html = await shop.read(`${path}index.html`);
			const count = (tag: string) => html.match(new RegExp(`<${tag}[\\s>]`, 'g'))?.length ?? 0;
			expect({
				path,
				html: count('html'),
				head: count('head'),
				body: count('body'),
				main: count('main'),
			}).toEqual({
				path,
				html: 1,
				head: 1,
				body: 1,
				main: 1,
			});
			expect(html, path).toContain('<main class="shop-main">');
			expect(html, `${path} carries Astro-scoped styles`).not.toContain('data-astro-cid-');
		}
	});

	it('fill the width the layout gives its <main>, never scrolling sideways, at 390 and 1280 px', async () => {
		for (const width of WIDTHS) {
			for (const path of await injectedPages(shop)) {
				const page = await open(shop, path, width);
				const box = await page.evaluate(() => {
					const main = document.querySelector('main.shop-main')!;
					const root = main.querySelector(':scope > .aar-page')!;
					const slot = main.getBoundingClientRect();
					const own = root.getBoundingClientRect();
					const style = getComputedStyle(root);
					return {
						scrolls: document.documentElement.scrollWidth > document.documentElement.clientWidth,
						gap: [own.left - slot.left, slot.right - own.right].map(Math.round),
						own: [style.margin, style.padding, style.maxWidth],
					};
				});
				expect(box, `${path} at ${width} px`).toEqual({
					scrolls: false,
					gap: [0, 0],
					own: ['0px', '0px', 'none'],
				});
			}
		}
	});

	it('let a site rule on every aar- class, placed before the package’s CSS, win on product, empty and hub pages, standalone ones too', async () => {
		const css = siteRules(await documentedClasses());
		const paths = await injectedPages(shop);
		for (const kind of [
			'/products/long-name/',
			'/products/no-reviews/',
			'/en/products/',
			'/products/~page-2/',
		])
			expect(paths).toContain(kind);
		// The standalone pages too: the package's rules weigh nothing there either.
		const pages = [
			...paths.map((path) => ({ site: shop, path })),
			...(await injectedPages(standalone)).map((path) => ({ site: standalone, path })),
		];
		for (const { site, path } of pages) {
			const page = await open(site, path, 1280, css);
			expect(await page.locator('.aar-page a').count(), path).toBeGreaterThan(0);
			// An <audio>'s fallback link is never rendered: browsers that play audio leave it out of the page.
			const colours = await page
				.locator('.aar-page a:not(audio a)')
				.evaluateAll((links) => [...new Set(links.map((a) => getComputedStyle(a).color))]);
			expect(colours, path).toEqual([SITE_LINK_COLOUR]);
			expect(await page.evaluate(differencesWithoutPackageRules, SITE_SHEET_ID), path).toEqual([]);
		}
	});

	it('never start a breadcrumb line with the separator on a phone', async () => {
		for (const path of ['/products/long-name/', '/en/products/long-name/']) {
			const page = await open(shop, path, 390);
			const crumbs = await page.locator('.aar-breadcrumb li').evaluateAll((items) => {
				const left = items[0]!.getBoundingClientRect().left;
				const separator = (item: Element, pseudo: string) =>
					getComputedStyle(item, pseudo).content.includes('›');
				return items.map((item, index) => ({
					wrapped: index > 0 && Math.abs(item.getBoundingClientRect().left - left) < 1,
					startsWithSeparator: separator(item, '::before'),
					separators: Number(separator(item, '::before')) + Number(separator(item, '::after')),
				}));
			});
			expect(
				crumbs.some((crumb) => crumb.wrapped),
				`${path}: the name should wrap at 390 px`,
			).toBe(true);
			expect(
				crumbs.filter((crumb) => crumb.wrapped && crumb.startsWithSeparator),
				path,
			).toEqual([]);
			expect(crumbs.reduce((sum, crumb) => sum + crumb.separators, 0)).toBe(crumbs.length - 1);
		}
	});

	it('mark the current language with aria-current and visibly, not by colour alone', async () => {
		for (const path of [
			'/products/long-name/',
			'/en/products/long-name/',
			'/products/',
			'/en/products/',
		]) {
			const page = await open(shop, path, 390);
			const links = await page.locator('.aar-locales a').evaluateAll((anchors) =>
				anchors.map((a) => {
					const style = getComputedStyle(a);
					return {
						lang: a.getAttribute('hreflang'),
						current: a.getAttribute('aria-current'),
						look: [style.fontWeight, style.textDecorationLine].join(' '),
					};
				}),
			);
			const lang = await page.evaluate(() => document.documentElement.lang);
			expect(
				links.filter((link) => link.current === 'page').map((link) => link.lang),
				path,
			).toEqual([lang]);
			const current = links.find((link) => link.current)!.look;
			for (const other of links.filter((link) => !link.current))
				expect(other.look, path).not.toBe(current);
			expect(Number.parseInt(current, 10), path).toBeGreaterThanOrEqual(600);
		}
	});
});

describe('the field’s validators on the pages inside the layout', () => {
	it('find no HTML error (W3C Nu checker) on any page, of either build', async () => {
		const pages = await Promise.all(
			[shop, standalone].map(async (site) =>
				(await injectedPages(site)).map((path) => join(site.dist, path, 'index.html')),
			),
		);
		const { errors, code } = await nuErrors(pages.flat());
		expect(errors).toEqual([]);
		expect(code).toBe(0);
	}, 120_000);

	it('find no accessibility violation (axe) on product, empty and hub pages at 390 px', async () => {
		for (const path of [
			'/products/long-name/',
			'/en/products/no-reviews/',
			'/products/',
			'/en/products/~page-2/',
		]) {
			const page = await open(shop, path, 390);
			await page.addScriptTag({ path: AXE });
			const violations = await page.evaluate(async () => {
				const { violations } = await (
					window as unknown as {
						axe: { run(): Promise<{ violations: Array<{ id: string; nodes: unknown[] }> }> };
					}
				).axe.run();
				return violations.map((violation) => `${violation.id} (${violation.nodes.length})`);
			});
			expect(violations, path).toEqual([]);
		}
	});
});

describe('standalone pages (no layout)', () => {
	it('are one document with one <main> at a reading width, hubs wider, never scrolling sideways', async () => {
		for (const width of WIDTHS) {
			for (const path of await injectedPages(standalone)) {
				const html = await standalone.read(`${path}index.html`);
				expect(html.match(/<main[\s>]/g)?.length, path).toBe(1);
				const page = await open(standalone, path, width);
				const layout = await page.evaluate(() => ({
					scrolls: document.documentElement.scrollWidth > document.documentElement.clientWidth,
					main: Number.parseFloat(
						getComputedStyle(document.querySelector('main.aar-standalone')!).width,
					),
					hub: document.querySelector('.aar-hub') !== null,
				}));
				expect(layout.scrolls, `${path} at ${width} px`).toBe(false);
				// The content box; 1rem of padding on each side.
				expect(layout.main, path).toBe(width === 390 ? 390 - 32 : layout.hub ? 72 * 16 : 56 * 16);
			}
		}
	});
});

describe('the package’s CSS and its classes', () => {
	it('ships no scoped style, only rules that weigh less than one class, and colours in rules that weigh nothing', async () => {
		const styles = await componentStyles();
		expect(styles.filter((block) => block.scoped).map((block) => block.file)).toEqual([]);
		const page = await browser.newPage();
		for (const block of styles)
			expect(await page.evaluate(weightedRules, block.css), block.file).toEqual([]);
		await page.close();
	});

	it('lists every aar- class of the markup, the CSS and the script in docs/presentation.md', async () => {
		const used = new Set<string>(classNamesIn(REVIEWS_SCRIPT));
		for (const block of await componentStyles())
			for (const name of classNamesIn(block.css)) used.add(name);
		for (const site of [shop, standalone]) {
			for (const path of await injectedPages(site)) {
				const html = await site.read(`${path}index.html`);
				for (const [, classes] of html.matchAll(/\sclass="([^"]*)"/g))
					for (const name of classNamesIn(classes!)) used.add(name);
			}
		}
		expect(await documentedClasses()).toEqual([...used].sort());
	});
});
