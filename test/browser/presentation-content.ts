import { describe, expect, it } from 'vitest';
import {
	catalogue,
	expectedLevels,
	hubPaths,
	LAST_WORDS,
	LOCALES,
	pages,
	pathOf,
	phonePage,
	REFS,
} from './presentation-site.js';

// What the reviews say on the pages: transcripts collapsed and opened, star summaries, rated hub entries.
// Registered by presentation.test.ts, on its build of the site.

describe('product and hub pages at 390 px in Chromium', () => {
	it('collapses a long transcript on load and opens it fully with Enter and with Space; short ones are simply shown', async () => {
		const page = await phonePage();
		for (const key of ['Enter', ' '] as const) {
			await page.goto(`${pages.origin}${encodeURI(pathOf(REFS.showcase, 'en'))}`);
			const card = page.locator('li.aar-review').first();
			const text = card.locator('.aar-transcript-text');
			const toggle = card.locator('button.aar-toggle');
			expect(await text.evaluate((node) => node.scrollHeight > node.clientHeight + 20)).toBe(true);
			expect(await toggle.getAttribute('aria-expanded')).toBe('false');
			expect(await toggle.textContent()).toContain('Show full transcript');
			// The whole text is in the page for search engines and assistive technology, clamped only visually.
			expect(await text.textContent()).toContain(LAST_WORDS);
			await toggle.focus();
			await page.keyboard.press(key);
			expect(await toggle.getAttribute('aria-expanded')).toBe('true');
			await card.locator('.aar-transcript-text p').last().scrollIntoViewIfNeeded();
			const end = await text.evaluate((node) => {
				const last = node.lastElementChild!.getBoundingClientRect();
				const box = node.getBoundingClientRect();
				const hit = document.elementFromPoint(last.left + 5, last.bottom - 5);
				return {
					unclipped: node.scrollHeight <= node.clientHeight + 1,
					inside: last.bottom <= box.bottom + 1,
					hit: hit === node.lastElementChild,
				};
			});
			expect(end, `opened with ${JSON.stringify(key)}`).toEqual({
				unclipped: true,
				inside: true,
				hit: true,
			});
		}
		const short = page.locator('li.aar-review').nth(1);
		expect(await short.locator('button.aar-toggle').count()).toBe(0);
		expect(
			await short
				.locator('.aar-transcript-text')
				.evaluate((node) => node.scrollHeight <= node.clientHeight + 1),
		).toBe(true);
		await page.close();
	});

	it('shows every long transcript whole when JavaScript is off, with no button', async () => {
		const page = await phonePage(false);
		await page.goto(`${pages.origin}${encodeURI(pathOf(REFS.showcase, 'fr'))}`);
		const clipped = await page
			.locator('.aar-transcript-text')
			.evaluateAll(
				(nodes) => nodes.filter((node) => node.scrollHeight > node.clientHeight + 1).length,
			);
		expect(clipped).toBe(0);
		expect(
			await page
				.locator('button.aar-toggle')
				.evaluateAll(
					(nodes) => nodes.filter((node) => (node as HTMLElement).checkVisibility()).length,
				),
		).toBe(0);
		await page.close();
	});

	it('summarises the rated reviews per star level exactly as the data says, testimonies counted apart', async () => {
		const page = await phonePage();
		for (const locale of LOCALES) {
			for (const product of catalogue(locale).filter((p) =>
				p.reviews.some((r) => r.type === 'review' && typeof r.rating === 'number'),
			)) {
				await page.goto(`${pages.origin}${encodeURI(pathOf(product.external_id, locale))}`);
				const shown = await page
					.locator('.aar-levels li')
					.evaluateAll((nodes) =>
						Object.fromEntries(
							nodes.map((node) => [
								node.getAttribute('data-level'),
								Number(node.querySelector('.aar-level-count')!.textContent),
							]),
						),
					);
				expect(shown, `${locale} ${product.external_id}`).toEqual(
					Object.fromEntries(
						Object.entries(expectedLevels(product)).map(([level, n]) => [level, n]),
					),
				);
			}
		}
		await page.goto(`${pages.origin}${encodeURI(pathOf(REFS.showcase, 'en'))}`);
		expect(await page.locator('.aar-levels li .aar-level-count').allTextContents()).toEqual([
			'2',
			'0',
			'1',
			'0',
			'2',
		]);
		expect(await page.locator('.aar-counts').textContent()).toBe(
			'5 reviews · 2 audio testimonials',
		);
		await page.goto(`${pages.origin}${encodeURI(pathOf(REFS.showcase, 'fr'))}`);
		expect(await page.locator('.aar-counts').textContent()).toBe('5 avis · 2 témoignages audio');
		await page.goto(`${pages.origin}${encodeURI(pathOf(REFS.testimonies, 'fr'))}`);
		expect(await page.locator('.aar-counts').textContent()).toBe('2 témoignages audio');
		expect(await page.locator('.aar-levels, .aar-average').count()).toBe(0);
		// A testimony without a label says so once, in its heading: no badge beside it.
		expect(await page.locator('.aar-badge').count()).toBe(0);
		expect(await page.locator('.aar-label').allTextContents()).toEqual([
			'Témoignage',
			'Témoignage',
		]);
		await page.close();
	});

	it('shows average and count on each rated hub entry, best rated first with hub: { order: "rating" }', async () => {
		const page = await phonePage();
		for (const locale of LOCALES) {
			const byPath = new Map(
				catalogue(locale).map((product) => [pathOf(product.external_id, locale), product]),
			);
			const ratings: Array<{ average: number; count: number }> = [];
			for (const hub of await hubPaths(page, locale)) {
				await page.goto(`${pages.origin}${hub}`);
				const entries = await page.locator('.aar-hub-item').evaluateAll((nodes) =>
					nodes.map((node) => ({
						path: decodeURIComponent(new URL(node.querySelector('a')!.href).pathname),
						rating: node.querySelector('.aar-hub-rating')?.textContent ?? null,
					})),
				);
				for (const entry of entries) {
					const product = byPath.get(entry.path)!;
					const rated = product.reviews.filter(
						(r) => r.type === 'review' && typeof r.rating === 'number',
					) as Array<{ rating: number }>;
					if (rated.length === 0) {
						expect(entry.rating, entry.path).toBeNull();
						continue;
					}
					const average =
						Math.round((rated.reduce((sum, r) => sum + r.rating, 0) / rated.length) * 10) / 10;
					ratings.push({ average, count: rated.length });
					expect(entry.rating, entry.path).toContain(
						new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(average),
					);
					expect(entry.rating, entry.path).toContain(
						locale === 'fr' ? `${rated.length} avis` : `${rated.length} review`,
					);
				}
			}
			expect(ratings.length).toBeGreaterThan(3);
			// Best damped average first (docs/presentation.md): each product's ratings plus 5 at the hub's mean.
			const count = ratings.reduce((sum, rating) => sum + rating.count, 0);
			const mean = ratings.reduce((sum, rating) => sum + rating.average * rating.count, 0) / count;
			const scores = ratings.map(
				(rating) => (rating.average * rating.count + mean * 5) / (rating.count + 5),
			);
			expect(scores).toEqual([...scores].sort((a, b) => b - a));
		}
		await page.close();
	});
});
