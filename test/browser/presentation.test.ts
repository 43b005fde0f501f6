import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '../../integration/src/seo/page-meta.js';
import { createSlugger } from '../../integration/src/seo/slug.js';
import type { ApiProduct } from '../../simulator/src/api-shape.js';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import type { SimAudio } from '../../simulator/src/model.js';
import type { BuiltSite } from '../helpers/build-fixture.js';
import { CHROMIUM, OFFLINE_CHROMIUM_FLAGS } from '../helpers/chromium.js';
import { buildSeoSite, serveDist } from '../helpers/seo-site.js';

/**
 * The presentation a shop's customers see (CONTRACT.md, "Presentation"), in Debian's Chromium at
 * a phone's width, on a fixture build with long and short transcripts, avatars that load and
 * avatars that fail (the simulator's media host answering 404), products without reviews, testimonies
 * only, and hub pages ordered by rating.
 */
const REFS = { showcase: 'showcase', testimonies: 'testimonies-only', empty: 'without-reviews' } as const;
const LOCALES = ['fr', 'en'] as const;
const LAST_WORDS = 'END-OF-THE-LONG-TRANSCRIPT';
const PHONE = { width: 390, height: 844 };

let sim: Simulator;
let site: BuiltSite | undefined;
let pages: Awaited<ReturnType<typeof serveDist>>;
/** The simulator's own pictures: `<id>.svg` loads, any other name is a 404 (a deleted file on the shop's CDN). */
let avatarOrigin: string;
let browser: Browser;

function longTranscript(locale: string): string {
	const sentence = `(${locale}) The lid closes well, the handle stays cool and the tea keeps warm for an hour. `;
	const paragraphs = [1, 2, 3, 4, 5].map((n) => `${sentence.repeat(4)}Paragraph ${n}.`);
	return `${paragraphs.join('\n')} ${LAST_WORDS}`;
}

function item(locale: string, i: number, change: Partial<SimAudio>): SimAudio {
	return {
		id: `${locale}-${i}`,
		type: 'review',
		audio_url: `https://cdn.example.com/${locale}/${i}.mp3`,
		is_active: true,
		is_default: i === 0,
		transcript: `Short transcript ${i} (${locale}).`,
		created_at: '2026-03-01T10:00:00.000Z',
		user: { id: `u${i}`, firstname: 'Ana', lastname: `Silva ${i}` },
		locale,
		validated: true,
		awaitingValidation: false,
		...change,
	};
}

/** Ratings on every level, and halves and a 0 that count toward their rounded level. */
function showcaseItems(locale: string): SimAudio[] {
	const picture = (lastname: string, file: string) => ({ id: lastname, firstname: 'Zoé', lastname, image_url: `${avatarOrigin}/${file}` });
	return [
		item(locale, 0, { rating: 5, transcript: longTranscript(locale), user: picture('Ortiz', 'ortiz.svg') }),
		item(locale, 1, { rating: 4.5, user: picture('Martin', 'missing.jpg') }),
		item(locale, 2, { rating: 3.4, user: picture('Garcia', 'gone.png') }),
		item(locale, 3, { rating: 1 }),
		item(locale, 4, { rating: 0, user: { id: 'anon' } }),
		item(locale, 5, { type: 'testimony', transcript: longTranscript(locale), user: picture('Petit', 'missing-too.jpg') }),
		item(locale, 6, { type: 'testimony', rating: 5 }),
	];
}

beforeAll(async () => {
	sim = await startSimulator({ products: 10, locales: [...LOCALES], seed: 23, avatars: 'served' });
	avatarOrigin = `${sim.baseUrl}/media/avatars`;
	for (const ref of Object.values(REFS)) sim.addProduct({ external_id: ref });
	const update = (ref: string, reviews: SimAudio[]) => sim.updateProduct(ref, { reviews });
	update(REFS.showcase, LOCALES.flatMap(showcaseItems));
	update(
		REFS.testimonies,
		LOCALES.flatMap((locale) => [0, 1].map((i) => item(locale, i, { type: 'testimony' }))),
	);
	update(REFS.empty, []);
	pages = await serveDist(() => site!.dist);
	site = await buildSeoSite(sim, {
		label: 'presentation',
		env: { FIXTURE_SITE: pages.origin, FIXTURE_HUB_PAGE_SIZE: '6', FIXTURE_HUB_ORDER: 'rating', FIXTURE_EMPTY_PRODUCTS: 'index' },
	});
	browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...OFFLINE_CHROMIUM_FLAGS] });
}, 240_000);

afterAll(async () => {
	await browser?.close();
	await pages?.close();
	await sim?.close();
});

function catalogue(locale: string): ApiProduct[] {
	return sim.listAll({ locale, without: 'inactive' });
}

function pathOf(ref: string, locale: string): string {
	const slugger = createSlugger(LOCALES.flatMap((l) => catalogue(l).map((product) => product.external_id)));
	return productPath(slugger.slugFor(ref), locale, 'fr');
}

/** Every hub page of a locale, following "next" from the first. */
async function hubPaths(page: Page, locale: string): Promise<string[]> {
	const paths: string[] = [];
	let next: string | null = locale === 'fr' ? '/products/' : `/${locale}/products/`;
	while (next) {
		paths.push(next);
		await page.goto(`${pages.origin}${next}`);
		const href = await page.evaluate(() => document.querySelector('link[rel="next"]')?.getAttribute('href') ?? null);
		next = href === null ? null : new URL(href, pages.origin).pathname;
	}
	return paths;
}

async function phonePage(javaScriptEnabled = true): Promise<Page> {
	const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled });
	// Only the two loopback servers exist; everything else (audio CDN) fails fast.
	await context.route(
		(url) => !url.href.startsWith(pages.origin) && !url.href.startsWith(avatarOrigin),
		(route) => route.abort(),
	);
	return context.newPage();
}

/** Scrolls through the page so every lazy picture is requested, then waits until each has loaded or failed. */
async function loadEveryImage(page: Page): Promise<void> {
	await page.evaluate(async () => {
		for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
			window.scrollTo(0, y);
			await new Promise((resolve) => requestAnimationFrame(resolve));
		}
	});
	await page.waitForFunction(() => [...document.images].every((image) => image.complete));
}

/** How many pixels of two same-size PNGs (base64) differ clearly (more than anti-aliasing would), compared in a canvas. */
async function strongPixelDifferences(a: string, b: string): Promise<number> {
	const page = await browser.newPage();
	try {
		return await page.evaluate(
			async ([first, second]) => {
				const pixels = async (data: string) => {
					const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${data}`)).blob());
					const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
					const context = canvas.getContext('2d')!;
					context.drawImage(bitmap, 0, 0);
					return context.getImageData(0, 0, bitmap.width, bitmap.height).data;
				};
				const [x, y] = [await pixels(first!), await pixels(second!)];
				if (x.length !== y.length) return Number.POSITIVE_INFINITY;
				let count = 0;
				for (let i = 0; i < x.length; i += 4) {
					if (Math.max(Math.abs(x[i]! - y[i]!), Math.abs(x[i + 1]! - y[i + 1]!), Math.abs(x[i + 2]! - y[i + 2]!)) > 64) count += 1;
				}
				return count;
			},
			[a, b],
		);
	} finally {
		await page.close();
	}
}

function expectedLevels(product: ApiProduct): Record<number, number> {
	const levels: Record<number, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
	for (const review of product.reviews) {
		if (review.type !== 'review' || typeof review.rating !== 'number') continue;
		levels[Math.min(5, Math.max(1, Math.round(review.rating)))]! += 1;
	}
	return levels;
}

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
			for (const path of [...products.map((ref) => pathOf(ref, locale)), ...(await hubPaths(page, locale))]) {
				const response = await page.goto(`${pages.origin}${encodeURI(path)}`);
				expect(response?.status(), path).toBe(200);
				await loadEveryImage(page);
				const width = await page.evaluate(() => ({
					scroll: document.documentElement.scrollWidth,
					client: document.documentElement.clientWidth,
				}));
				expect(width.scroll, `${path} scrolls sideways`).toBeLessThanOrEqual(width.client);
				const broken = await page.evaluate(() =>
					[...document.images].filter((image) => image.checkVisibility() && image.naturalWidth === 0).map((image) => image.src),
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
			expect(end, `opened with ${JSON.stringify(key)}`).toEqual({ unclipped: true, inside: true, hit: true });
		}
		const short = page.locator('li.aar-review').nth(1);
		expect(await short.locator('button.aar-toggle').count()).toBe(0);
		expect(await short.locator('.aar-transcript-text').evaluate((node) => node.scrollHeight <= node.clientHeight + 1)).toBe(true);
		await page.close();
	});

	it('shows a failed picture as the same initials when JavaScript is off: no broken-image icon', async () => {
		const path = encodeURI(pathOf(REFS.showcase, 'en'));
		const shots: string[] = [];
		for (const javaScript of [true, false]) {
			const page = await phonePage(javaScript);
			// Text made transparent, so only what is not text remains: the circle, and any icon over it.
			await page.route(`${pages.origin}${path}`, async (route) => {
				const response = await route.fetch();
				const body = (await response.text()).replace(
					'</head>',
					`<style>${'.aar-avatar, .aar-avatar img::after { color: transparent !important }'}</style></head>`,
				);
				await route.fulfill({ response, body });
			});
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

	it('shows every long transcript whole when JavaScript is off, with no button', async () => {
		const page = await phonePage(false);
		await page.goto(`${pages.origin}${encodeURI(pathOf(REFS.showcase, 'fr'))}`);
		const clipped = await page
			.locator('.aar-transcript-text')
			.evaluateAll((nodes) => nodes.filter((node) => node.scrollHeight > node.clientHeight + 1).length);
		expect(clipped).toBe(0);
		expect(
			await page
				.locator('button.aar-toggle')
				.evaluateAll((nodes) => nodes.filter((node) => (node as HTMLElement).checkVisibility()).length),
		).toBe(0);
		await page.close();
	});

	it('summarises the rated reviews per star level exactly as the data says, testimonies counted apart', async () => {
		const page = await phonePage();
		for (const locale of LOCALES) {
			for (const product of catalogue(locale).filter((p) => p.reviews.some((r) => r.type === 'review' && typeof r.rating === 'number'))) {
				await page.goto(`${pages.origin}${encodeURI(pathOf(product.external_id, locale))}`);
				const shown = await page
					.locator('.aar-levels li')
					.evaluateAll((nodes) =>
						Object.fromEntries(
							nodes.map((node) => [node.getAttribute('data-level'), Number(node.querySelector('.aar-level-count')!.textContent)]),
						),
					);
				expect(shown, `${locale} ${product.external_id}`).toEqual(
					Object.fromEntries(Object.entries(expectedLevels(product)).map(([level, n]) => [level, n])),
				);
			}
		}
		await page.goto(`${pages.origin}${encodeURI(pathOf(REFS.showcase, 'en'))}`);
		expect(await page.locator('.aar-levels li .aar-level-count').allTextContents()).toEqual(['2', '0', '1', '0', '2']);
		expect(await page.locator('.aar-counts').textContent()).toBe('5 reviews · 2 audio testimonials');
		await page.goto(`${pages.origin}${encodeURI(pathOf(REFS.showcase, 'fr'))}`);
		expect(await page.locator('.aar-counts').textContent()).toBe('5 avis · 2 témoignages audio');
		await page.goto(`${pages.origin}${encodeURI(pathOf(REFS.testimonies, 'fr'))}`);
		expect(await page.locator('.aar-counts').textContent()).toBe('2 témoignages audio');
		expect(await page.locator('.aar-levels, .aar-average').count()).toBe(0);
		expect(await page.locator('.aar-badge').allTextContents()).toEqual(['Témoignage', 'Témoignage']);
		await page.close();
	});

	it('shows average and count on each rated hub entry, best rated first with hub: { order: "rating" }', async () => {
		const page = await phonePage();
		for (const locale of LOCALES) {
			const byPath = new Map(catalogue(locale).map((product) => [pathOf(product.external_id, locale), product]));
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
					const rated = product.reviews.filter((r) => r.type === 'review' && typeof r.rating === 'number') as Array<{ rating: number }>;
					if (rated.length === 0) {
						expect(entry.rating, entry.path).toBeNull();
						continue;
					}
					const average = Math.round((rated.reduce((sum, r) => sum + r.rating, 0) / rated.length) * 10) / 10;
					ratings.push({ average, count: rated.length });
					expect(entry.rating, entry.path).toContain(new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(average));
					expect(entry.rating, entry.path).toContain(locale === 'fr' ? `${rated.length} avis` : `${rated.length} review`);
				}
			}
			expect(ratings.length).toBeGreaterThan(3);
			// Best damped average first (docs/presentation.md): each product's ratings plus 5 at the hub's mean.
			const count = ratings.reduce((sum, rating) => sum + rating.count, 0);
			const mean = ratings.reduce((sum, rating) => sum + rating.average * rating.count, 0) / count;
			const scores = ratings.map((rating) => (rating.average * rating.count + mean * 5) / (rating.count + 5));
			expect(scores).toEqual([...scores].sort((a, b) => b - a));
		}
		await page.close();
	});
});
