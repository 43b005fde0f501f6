import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltSite } from '../helpers/build-fixture.js';
import {
	type DevtoolsChromium,
	LIGHTHOUSE_LOOPBACK_FLAGS,
	launchChromium,
	stopChromium,
} from '../helpers/chromium.js';
import { type FrameworkSites, PAGES } from '../helpers/framework-sites.js';

/**
 * The most common shop setup, Tailwind CSS 4, beyond the judgements of frameworks.test.ts: the
 * accessibility audits on a popular product's page, the transcripts without JavaScript and in
 * print, and a layout with Astro's `<ClientRouter />`, whose client-side navigations swap the
 * page, run the section's script again and keep the document (and its listeners).
 */
const AXE = createRequire(createRequire(import.meta.url).resolve('lighthouse')).resolve(
	'axe-core/axe.min.js',
);

/**
 * Registers these checks in the file that judges every framework (frameworks.test.ts), on its
 * sites: the Tailwind layout is built once for both.
 */
export function tailwindChecks(sitesOf: () => FrameworkSites): void {
	let sites: FrameworkSites;
	let tailwind: BuiltSite;
	let router: BuiltSite;

	beforeAll(async () => {
		sites = sitesOf();
		tailwind = await sites.build('Tailwind');
		router = await sites.build('Router');
	}, 240_000);

	describe('a popular product’s page in a Tailwind layout', () => {
		it('scores 100 in Lighthouse’s accessibility audit on a phone and a desktop, and has no axe violation at 390 and 1280 px', async () => {
			const profile = await mkdtemp(join(tmpdir(), 'aar-lighthouse-'));
			let chromium: DevtoolsChromium | undefined;
			try {
				chromium = await launchChromium(profile);
				const { port } = chromium;
				// A phone (Lighthouse's emulated one, 412 px) and a desktop.
				for (const formFactor of ['mobile', 'desktop'] as const) {
					const result = await lighthouse(`${sites.serve(tailwind)}${PAGES.popular}`, {
						port,
						output: 'json',
						logLevel: 'error',
						onlyCategories: ['accessibility'],
						formFactor,
						screenEmulation:
							formFactor === 'mobile'
								? { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75 }
								: { disabled: true },
						...LIGHTHOUSE_LOOPBACK_FLAGS,
					});
					const lhr = result!.lhr;
					const failed = Object.values(lhr.audits)
						.filter((audit) => audit.score === 0)
						.map((audit) => audit.id);
					expect({ formFactor, score: lhr.categories.accessibility!.score, failed }).toEqual({
						formFactor,
						score: 1,
						failed: [],
					});
				}
			} finally {
				await stopChromium(chromium);
				await rm(profile, { recursive: true, force: true, maxRetries: 5 });
			}
			for (const width of [390, 1280]) {
				const page = await sites.open(tailwind, PAGES.popular, width);
				await page.addScriptTag({ path: AXE });
				const violations = await page.evaluate(async () => {
					const axe = (
						window as unknown as {
							axe: { run(): Promise<{ violations: Array<{ id: string; nodes: unknown[] }> }> };
						}
					).axe;
					return (await axe.run()).violations.map(
						(violation) => `${violation.id} (${violation.nodes.length})`,
					);
				});
				expect(violations, `${width} px`).toEqual([]);
				await page.close();
			}
		}, 120_000);

		it('shows every transcript whole, and no button, without JavaScript and in print', async () => {
			const clipped = () =>
				document.querySelectorAll('.aar-transcript-text').length > 0
					? [...document.querySelectorAll('.aar-transcript-text')].filter(
							(node) => node.scrollHeight > node.clientHeight + 1,
						).length
					: -1;
			const buttons = () =>
				[...document.querySelectorAll('.aar-toggle')].filter((node) => node.checkVisibility())
					.length;
			const off = await sites.open(tailwind, PAGES.popular, 390, { javaScript: false });
			expect({
				clipped: await off.evaluate(clipped),
				buttons: await off.evaluate(buttons),
			}).toEqual({
				clipped: 0,
				buttons: 0,
			});
			await off.close();
			const on = await sites.open(tailwind, PAGES.popular, 390);
			expect(await on.evaluate(clipped)).toBeGreaterThan(0);
			await on.emulateMedia({ media: 'print' });
			expect({ clipped: await on.evaluate(clipped), buttons: await on.evaluate(buttons) }).toEqual({
				clipped: 0,
				buttons: 0,
			});
			await on.close();
		});
	});

	describe('parts of the reviews in a Tailwind site', () => {
		it('show an author’s initials while the picture loads', async () => {
			const page = await sites.browser.newPage({ viewport: { width: 390, height: 900 } });
			// Pictures that never arrive: the circle must not stay blank meanwhile.
			await page.route('**/media/avatars/**', () => undefined);
			await page.goto(`${sites.serve(tailwind)}${PAGES.popular}`);
			const avatar = page.locator('.aar-avatar:has(img)').first();
			expect(
				await avatar.locator('img').evaluate((img) => (img as HTMLImageElement).complete),
			).toBe(false);
			const withInitials = await avatar.screenshot();
			await avatar.evaluate((node) => {
				(node as HTMLElement).style.color = 'transparent';
			});
			// The same circle without its initials' colour looks different only if the initials showed.
			expect(withInitials.equals(await avatar.screenshot())).toBe(false);
			// The held picture requests never answer: let the page close without waiting on them.
			await page.unrouteAll({ behavior: 'ignoreErrors' });
			await page.close();
		});

		it('give RatingSummary levels={false} one line in a three-column card: stars, average, count', async () => {
			const page = await sites.open(tailwind, '/cards/', 1280);
			const lines = await page.locator('.aar-summary.aar-summary-rated').evaluateAll((summaries) =>
				summaries.map((summary) => {
					const middle = (selector: string) => {
						const box = summary.querySelector(selector)?.getBoundingClientRect();
						return box ? Math.round(box.top + box.height / 2) : undefined;
					};
					const [stars, score, counts] = ['.aar-average-stars', '.aar-score', '.aar-counts'].map(
						middle,
					);
					return {
						compact: summary.classList.contains('aar-summary-compact'),
						oneLine:
							stars !== undefined &&
							Math.abs(stars - score!) <= 4 &&
							Math.abs(stars - counts!) <= 4,
						padding: getComputedStyle(summary).padding,
						levels: summary.querySelector('.aar-levels') !== null,
					};
				}),
			);
			expect(lines.length).toBeGreaterThan(1);
			for (const line of lines)
				expect(line).toEqual({ compact: true, oneLine: true, padding: '0px', levels: false });
			await page.close();
		});
	});

	describe('a layout with Astro’s <ClientRouter />', () => {
		it('opens a transcript of a page reached by client-side navigation, once per click, after several navigations', async () => {
			const page = await sites.open(router, PAGES.hub, 1280);
			// Set on the window: a client-side navigation keeps it, a page load would not.
			await page.evaluate(() => Object.assign(window, { sameDocument: true }));
			// Each navigation ends with the router's astro:page-load, once the new page is swapped in and its scripts ran.
			const navigate = async (go: () => Promise<unknown>) => {
				await page.evaluate(() => {
					const loaded = new Promise((resolve) =>
						document.addEventListener('astro:page-load', resolve, { once: true }),
					);
					Object.assign(window, { loaded });
				});
				await go();
				await page.evaluate(() => (window as unknown as { loaded: Promise<unknown> }).loaded);
			};
			const toggleOnce = async (step: string) => {
				const toggle = page.locator('.aar-toggle').first();
				expect(await toggle.isVisible(), `${step}: button shown`).toBe(true);
				const text = page.locator('.aar-transcript-text[data-long]').first();
				const closed = await text.evaluate((node) => node.getBoundingClientRect().height);
				await toggle.click();
				const state = {
					expanded: await toggle.getAttribute('aria-expanded'),
					grew: (await text.evaluate((node) => node.getBoundingClientRect().height)) > closed + 20,
					sameDocument: await page.evaluate(() => 'sameDocument' in window),
				};
				expect(state, step).toEqual({ expanded: 'true', grew: true, sameDocument: true });
			};
			await navigate(() => page.locator(`.aar-hub-name a[href="${PAGES.popular}"]`).click());
			await toggleOnce('product page reached from the hub');
			await navigate(() => page.locator('.aar-review-pages a[rel="next"]').click());
			expect(page.url()).toMatch(/~reviews-2\/$/);
			await toggleOnce('its second review page');
			await navigate(() => page.goBack());
			expect(page.url()).toMatch(new RegExp(`${PAGES.popular}$`));
			await toggleOnce('back on the product page');
			await page.close();
		});
	});
}
