import { describe, expect, it } from 'vitest';
import { unlessClosed } from '../helpers/chromium.js';
import {
	catalogue,
	hubPaths,
	LOCALES,
	loadEveryImage,
	pages,
	pathOf,
	phonePage,
	REFS,
	strongPixelDifferences,
} from './presentation-site.js';

// Layout and pictures at a phone's width: no sideways scroll, no broken image, initials for a picture that fails.
// Registered by presentation.test.ts, on its build of the site.

describe('product and hub pages at 390 px in Chromium', () => {
	it('never scroll sideways and never show a broken image, on every page type', async () => {
		const page = await phonePage();
		const checked: string[] = [];
		for (const locale of LOCALES) {
			const products = [
				REFS.showcase,
				REFS.testimonies,
				REFS.empty,
				...catalogue(locale)
					.slice(0, 3)
					.map((p) => p.external_id),
			];
			for (const path of [
				...products.map((ref) => pathOf(ref, locale)),
				...(await hubPaths(page, locale)),
			]) {
				const response = await page.goto(`${pages.origin}${encodeURI(path)}`);
				expect(response?.status(), path).toBe(200);
				await loadEveryImage(page);
				const width = await page.evaluate(() => ({
					scroll: document.documentElement.scrollWidth,
					client: document.documentElement.clientWidth,
				}));
				expect(width.scroll, `${path} scrolls sideways`).toBeLessThanOrEqual(width.client);
				const broken = await page.evaluate(() =>
					[...document.images]
						.filter((image) => image.checkVisibility() && image.naturalWidth === 0)
						.map((image) => image.src),
				);
				expect(broken, path).toEqual([]);
				checked.push(path);
			}
		}
		expect(checked.length).toBeGreaterThan(12);
		await page.close();
	});

	it('shows a picture that loads and initials in place of one that fails, without layout shift', async () => {
		const page = await phonePage();
		await page.goto(`${pages.origin}${encodeURI(pathOf(REFS.showcase, 'en'))}`);
		await loadEveryImage(page);
		const avatars = await page.locator('.aar-avatar').evaluateAll((nodes) =>
			nodes.map((node) => {
				const image = node.querySelector('img');
				const box = node.getBoundingClientRect();
				return {
					text: node.textContent?.trim(),
					picture: image?.checkVisibility() ? image.naturalWidth : 0,
					size: [box.width, box.height],
				};
			}),
		);
		expect(avatars[0]).toMatchObject({ text: 'ZO', picture: 64 });
		// 404s: the picture is gone, the initials remain, the circle keeps its size.
		expect(avatars[1]).toMatchObject({ text: 'ZM', picture: 0 });
		expect(avatars[2]).toMatchObject({ text: 'ZG', picture: 0 });
		expect(avatars[4]).toMatchObject({ picture: 0 });
		expect(new Set(avatars.map((avatar) => avatar.size.join('×'))).size).toBe(1);
		await page.close();
	});

	it('shows a failed picture as the same initials when JavaScript is off: no broken-image icon', async () => {
		const path = encodeURI(pathOf(REFS.showcase, 'en'));
		const shots: string[] = [];
		for (const javaScript of [true, false]) {
			const page = await phonePage(javaScript);
			// Text made transparent, so only what is not text remains: the circle, and any icon over it.
			await page.route(`${pages.origin}${path}`, (route) =>
				unlessClosed(
					route.fetch().then(async (response) => {
						const body = (await response.text()).replace(
							'</head>',
							`<style>${'.aar-avatar, .aar-avatar img::after { color: transparent !important }'}</style></head>`,
						);
						await route.fulfill({ response, body });
					}),
				),
			);
			await page.goto(`${pages.origin}${path}`);
			const avatar = page.locator('.aar-avatar').nth(1);
			await avatar.scrollIntoViewIfNeeded();
			await page.waitForFunction(() => [...document.images].every((image) => image.complete));
			expect(await avatar.locator('img').count()).toBe(javaScript ? 0 : 1);
			shots.push((await avatar.screenshot()).toString('base64'));
			await page.close();
		}
		// With the script the picture is removed; without it, its ::after covers the icon: the same disc.
		expect(await strongPixelDifferences(shots[0]!, shots[1]!)).toBe(0);
	});
});
