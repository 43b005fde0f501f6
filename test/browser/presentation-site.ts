import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { productPath } from '../../integration/src/routing/product-url.js';
import { createSlugger } from '../../integration/src/routing/slug.js';
import type { ApiProduct } from '../../simulator/src/api-shape.js';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import type { SimAudio } from '../../simulator/src/model.js';
import type { BuiltSite } from '../helpers/build-fixture.js';
import { abortOthers, closeBrowser, closePages, launchBrowser } from '../helpers/chromium.js';
import { buildSeoSite, serveDist } from '../helpers/seo-site.js';

/**
 * The presentation a shop's customers see (CONTRACT.md, "Presentation"), in Debian's Chromium at
 * a phone's width, on a fixture build with long and short transcripts, avatars that load and
 * avatars that fail (the simulator's media host answering 404), products without reviews, testimonies
 * only, and hub pages ordered by rating. Built once for presentation-layout.ts and
 * presentation-content.ts, which presentation.test.ts runs.
 */
export const REFS = {
	showcase: 'showcase',
	testimonies: 'testimonies-only',
	empty: 'without-reviews',
} as const;
export const LOCALES = ['fr', 'en'] as const;
export const LAST_WORDS = 'END-OF-THE-LONG-TRANSCRIPT';
const PHONE = { width: 390, height: 844 };

export let sim: Simulator;
let site: BuiltSite | undefined;
export let pages: Awaited<ReturnType<typeof serveDist>>;
/** The simulator's own pictures: `<id>.svg` loads, any other name is a 404 (a deleted file on the shop's CDN). */
export let avatarOrigin: string;
export let browser: Browser;

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
	const picture = (lastname: string, file: string) => ({
		id: lastname,
		firstname: 'Zoé',
		lastname,
		image_url: `${avatarOrigin}/${file}`,
	});
	return [
		item(locale, 0, {
			rating: 5,
			transcript: longTranscript(locale),
			user: picture('Ortiz', 'ortiz.svg'),
		}),
		item(locale, 1, { rating: 4.5, user: picture('Martin', 'missing.jpg') }),
		item(locale, 2, { rating: 3.4, user: picture('Garcia', 'gone.png') }),
		item(locale, 3, { rating: 1 }),
		item(locale, 4, { rating: 0, user: { id: 'anon' } }),
		item(locale, 5, {
			type: 'testimony',
			transcript: longTranscript(locale),
			user: picture('Petit', 'missing-too.jpg'),
		}),
		item(locale, 6, { type: 'testimony', rating: 5 }),
	];
}

/** Builds and serves the fixture site for a test file's tests, and opens Chromium; `label` names the build's folder. */
export function usePresentationSite(label: string): void {
	beforeAll(async () => {
		sim = await startSimulator({
			products: 10,
			locales: [...LOCALES],
			seed: 23,
			avatars: 'served',
		});
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
			label,
			env: {
				FIXTURE_SITE: pages.origin,
				FIXTURE_HUB_PAGE_SIZE: '6',
				FIXTURE_HUB_ORDER: 'rating',
				FIXTURE_EMPTY_PRODUCTS: 'index',
			},
		});
		browser = await launchBrowser();
	}, 240_000);

	afterEach(() => closePages(browser));

	afterAll(async () => {
		await closeBrowser(browser);
		await pages?.close();
		await sim?.close();
	});
}

export function catalogue(locale: string): ApiProduct[] {
	return sim.listAll({ locale, without: 'inactive' });
}

export function pathOf(ref: string, locale: string): string {
	const slugger = createSlugger(
		LOCALES.flatMap((l) => catalogue(l).map((product) => product.external_id)),
	);
	return productPath(slugger.slugFor(ref), locale, 'fr');
}

/** Every hub page of a locale, following "next" from the first. */
export async function hubPaths(page: Page, locale: string): Promise<string[]> {
	const paths: string[] = [];
	let next: string | null = locale === 'fr' ? '/products/' : `/${locale}/products/`;
	while (next) {
		paths.push(next);
		await page.goto(`${pages.origin}${next}`);
		const href = await page.evaluate(
			() => document.querySelector('link[rel="next"]')?.getAttribute('href') ?? null,
		);
		next = href === null ? null : new URL(href, pages.origin).pathname;
	}
	return paths;
}

export async function phonePage(javaScriptEnabled = true): Promise<Page> {
	const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled });
	// Only the two loopback servers exist; everything else (audio CDN) fails fast.
	await abortOthers(
		context,
		(url) => url.href.startsWith(pages.origin) || url.href.startsWith(avatarOrigin),
	);
	return context.newPage();
}

/** Scrolls through the page so every lazy picture is requested, then waits until each has loaded or failed. */
export async function loadEveryImage(page: Page): Promise<void> {
	await page.evaluate(async () => {
		for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
			window.scrollTo(0, y);
			await new Promise((resolve) => requestAnimationFrame(resolve));
		}
	});
	await page.waitForFunction(() => [...document.images].every((image) => image.complete));
}

/** How many pixels of two same-size PNGs (base64) differ clearly (more than anti-aliasing would), compared in a canvas. */
export async function strongPixelDifferences(a: string, b: string): Promise<number> {
	const page = await browser.newPage();
	try {
		return await page.evaluate(
			async ([first, second]) => {
				const pixels = async (data: string) => {
					const bitmap = await createImageBitmap(
						await (await fetch(`data:image/png;base64,${data}`)).blob(),
					);
					const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
					const context = canvas.getContext('2d')!;
					context.drawImage(bitmap, 0, 0);
					return context.getImageData(0, 0, bitmap.width, bitmap.height).data;
				};
				const [x, y] = [await pixels(first!), await pixels(second!)];
				if (x.length !== y.length) return Number.POSITIVE_INFINITY;
				let count = 0;
				for (let i = 0; i < x.length; i += 4) {
					if (
						Math.max(
							Math.abs(x[i]! - y[i]!),
							Math.abs(x[i + 1]! - y[i + 1]!),
							Math.abs(x[i + 2]! - y[i + 2]!),
						) > 64
					)
						count += 1;
				}
				return count;
			},
			[a, b],
		);
	} finally {
		await page.close();
	}
}

export function expectedLevels(product: ApiProduct): Record<number, number> {
	const levels: Record<number, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
	for (const review of product.reviews) {
		if (review.type !== 'review' || typeof review.rating !== 'number') continue;
		levels[Math.min(5, Math.max(1, Math.round(review.rating)))]! += 1;
	}
	return levels;
}
