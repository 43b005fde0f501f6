import { type HTMLElement, parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../simulator/src/index.js';
import type { BuiltSite } from '../helpers/build-fixture.js';
import { closeBrowser, launchBrowser } from '../helpers/chromium.js';
import {
	buildSeoSite,
	POPULAR,
	REVIEWS_PER_PAGE,
	serveDist,
	startSeoSimulator,
} from '../helpers/seo-site.js';

/**
 * Products with many reviews (CONTRACT "Products with many reviews"), on a real build of the seo
 * fixture: a product with 1,200 reviews in fr and none in en, one with 45 in fr and 25 in en.
 */
const SITE = 'https://shop.example';
let sim: Simulator;
let site: BuiltSite;

beforeAll(async () => {
	sim = await startSeoSimulator(4, { popular: true });
	site = await buildSeoSite(sim, { label: 'review-pages' });
}, 300_000);
afterAll(() => sim?.close());

const pathOf = (ref: string, page: number, prefix = '') =>
	`${prefix}/products/${ref}${page === 1 ? '' : `~reviews-${page}`}/`;
const page = async (path: string): Promise<HTMLElement> =>
	parse(await site.read(`${path.slice(1)}index.html`));
const reviewIds = (html: HTMLElement) =>
	html.querySelectorAll('.aar-review').map((card) => card.getAttribute('data-review-id')!);
const graphOf = (html: HTMLElement): any[] =>
	JSON.parse(html.querySelector('script[type="application/ld+json"]')!.textContent)['@graph'];
const hreflangs = (html: HTMLElement) =>
	html
		.querySelectorAll('link[rel="alternate"][hreflang]')
		.map((link) => `${link.getAttribute('hreflang')}=${link.getAttribute('href')}`);

/** The documented order, from the simulator's own data: default item first, then newest first, undated last, ties by id. */
function expectedOrder(ref: string, locale: string): string[] {
	const reviews = sim
		.listAll({ locale, without: 'inactive' })
		.find((product) => product.external_id === ref)!.reviews;
	const time = (date: string | undefined) => (date ? Date.parse(date) : Number.NEGATIVE_INFINITY);
	return [...reviews]
		.sort(
			(a, b) =>
				Number(b.is_default) - Number(a.is_default) ||
				time(b.created_at) - time(a.created_at) ||
				(a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
		)
		.map((review) => review.id);
}

describe('review pages of a product with 1,200 reviews in fr and none in en', () => {
	const pages = 1200 / REVIEWS_PER_PAGE;

	it('puts every review on exactly one page, in the documented order, at most reviewsPerPage a page', async () => {
		const seen: string[] = [];
		for (let n = 1; n <= pages; n++) {
			const ids = reviewIds(await page(pathOf(POPULAR.popular, n)));
			expect(ids.length, `page ${n}`).toBe(REVIEWS_PER_PAGE);
			seen.push(...ids);
		}
		expect(seen).toEqual(expectedOrder(POPULAR.popular, 'fr'));
		expect(new Set(seen).size).toBe(1200);
		await expect(
			site.read(`${pathOf(POPULAR.popular, pages + 1).slice(1)}index.html`),
		).rejects.toThrow();
	});

	it('shows the summary over all 1,200 on the product page, and links every page with plain links', async () => {
		const html = await page(pathOf(POPULAR.popular, 1));
		const rated = sim
			.listAll({ locale: 'fr' })
			.find((p) => p.external_id === POPULAR.popular)!
			.reviews.filter((r) => r.type === 'review');
		expect(html.querySelector('.aar-summary')!.textContent).toContain(
			String(rated.length).replace(/\B(?=(\d{3})+$)/, '\u202f'),
		);
		const links = html.querySelectorAll('.aar-review-pages a').map((a) => a.getAttribute('href'));
		// Root-relative (no base here); previous/next and every number.
		for (let n = 2; n <= pages; n++) expect(links).toContain(pathOf(POPULAR.popular, n));
		expect(html.querySelector('.aar-review-pages a[rel="next"]')!.getAttribute('href')).toBe(
			pathOf(POPULAR.popular, 2),
		);
		expect(html.querySelector('.aar-review-pages [aria-current="page"]')!.textContent).toBe('1');
	});

	it('gives a further page its own canonical, a title and h1 naming the page, links back, no hreflang to a missing en page', async () => {
		const first = await page(pathOf(POPULAR.popular, 1));
		const second = await page(pathOf(POPULAR.popular, 2));
		expect(second.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(
			`${SITE}${pathOf(POPULAR.popular, 2)}`,
		);
		const title = second.querySelector('title')!.textContent;
		expect(title).not.toBe(first.querySelector('title')!.textContent);
		expect(title).toBe('Popular kettle – avis audio, page 2');
		expect(second.querySelector('h1')!.textContent).toBe('Popular kettle – avis audio, page 2');
		expect(second.querySelector('.aar-review-pages a[rel="prev"]')!.getAttribute('href')).toBe(
			pathOf(POPULAR.popular, 1),
		);
		expect(hreflangs(second)).toEqual([]);
		// The en version exists but is noindex (no reviews): hreflang joins indexable pages only; no en review page exists.
		expect(hreflangs(first)).toEqual([]);
		await expect(
			site.read(`${pathOf(POPULAR.popular, 2, '/en').slice(1)}index.html`),
		).rejects.toThrow();
		const en = await page(pathOf(POPULAR.popular, 1, '/en'));
		expect(en.querySelector('meta[name="robots"]')!.getAttribute('content')).toBe(
			'noindex, follow',
		);
		expect(en.querySelector('.aar-review-pages')).toBeNull();
	});

	it('marks up the aggregate over every rated review on the product page, only shown reviews, and no Product on further pages', async () => {
		const reviews = sim
			.listAll({ locale: 'fr' })
			.find((p) => p.external_id === POPULAR.popular)!.reviews;
		const rated = reviews.filter((r) => r.type === 'review' && typeof r.rating === 'number');
		const first = await page(pathOf(POPULAR.popular, 1));
		const product = graphOf(first).find((node) => node['@type'] === 'Product');
		expect(product.aggregateRating.ratingCount).toBe(rated.length);
		const shown = new Set(reviewIds(first));
		const shownRated = rated.filter((r) => shown.has(r.id));
		expect(product.review).toHaveLength(shownRated.length);
		expect(product.review.map((r: any) => r.reviewBody).sort()).toEqual(
			shownRated.map((r) => r.transcript).sort(),
		);
		for (const n of [2, pages]) {
			const graph = graphOf(await page(pathOf(POPULAR.popular, n)));
			expect(
				graph.filter((node) => node['@type'] === 'Product' || 'aggregateRating' in node),
			).toEqual([]);
			expect(graph.find((node) => node['@type'] === 'ItemPage').url).toBe(
				`${SITE}${pathOf(POPULAR.popular, n)}`,
			);
		}
	});
	it('marks up in the JSON-LD of page n the reviews page n shows, in the order it shows them', async () => {
		const reviews = new Map(
			sim
				.listAll({ locale: 'fr' })
				.find((p) => p.external_id === POPULAR.popular)!
				.reviews.map((review) => [review.id, review]),
		);
		const isRated = (review: { type: string; rating?: number | undefined }) =>
			review.type === 'review' && typeof review.rating === 'number';
		for (const n of [1, 2, pages]) {
			const html = await page(pathOf(POPULAR.popular, n));
			const shown = reviewIds(html).map((id) => reviews.get(id)!);
			const graph = graphOf(html);
			const product = graph.find((node) => node['@type'] === 'Product');
			const media = graph.filter((node) => node['@type'] === 'AudioObject');
			const marked = [
				...(product?.review ?? []).map((review: any) => review.reviewBody),
				...media.map((node) => node.transcript),
			];
			// The product page's rated reviews are the Product's; the rest, and every review of a further page, audio of the page.
			const expected =
				n === 1 ? [...shown.filter(isRated), ...shown.filter((review) => !isRated(review))] : shown;
			expect(marked, `page ${n}`).toEqual(expected.map((review) => review.transcript));
		}
	});
});

describe('review pages in two locales (45 in fr, 25 in en)', () => {
	it('links hreflang only between the locales that have the page', async () => {
		const fr2 = await page(pathOf(POPULAR.paged, 2));
		expect(hreflangs(fr2).sort()).toEqual(
			[
				`en=${SITE}${pathOf(POPULAR.paged, 2, '/en')}`,
				`fr=${SITE}${pathOf(POPULAR.paged, 2)}`,
				`x-default=${SITE}${pathOf(POPULAR.paged, 2)}`,
			].sort(),
		);
		expect(hreflangs(await page(pathOf(POPULAR.paged, 3)))).toEqual([]);
		expect(reviewIds(await page(pathOf(POPULAR.paged, 3)))).toHaveLength(5);
		const en2 = await page(pathOf(POPULAR.paged, 2, '/en'));
		expect(reviewIds(en2)).toEqual(expectedOrder(POPULAR.paged, 'en').slice(REVIEWS_PER_PAGE));
		expect(en2.querySelector('title')!.textContent).toBe('Paged lamp – audio reviews, page 2');
	});

	it('lists every further page in the sitemap with its product page’s lastmod, and keeps hub pages to product pages', async () => {
		const xml = await site.read('sitemap-0.xml');
		const lastmod = (path: string) =>
			new RegExp(`<loc>${SITE}${path}</loc><lastmod>([^<]+)</lastmod>`).exec(xml)?.[1];
		const productDate = lastmod(pathOf(POPULAR.popular, 1));
		expect(productDate).toMatch(/^\d{4}-/);
		for (let n = 2; n <= 60; n++)
			expect(lastmod(pathOf(POPULAR.popular, n)), `page ${n}`).toBe(productDate);
		expect(lastmod(pathOf(POPULAR.paged, 2, '/en'))).toBe(lastmod(pathOf(POPULAR.paged, 1, '/en')));
		expect(xml).not.toContain(`/en/products/${POPULAR.popular}~reviews-`);
		const hubLinks = (await site.htmlFiles()).filter((file) =>
			/\/products\/(~page-\d+\/)?index\.html$/.test(file),
		);
		for (const file of hubLinks)
			expect(await site.read(file.slice(1)), file).not.toContain('~reviews-');
	});
});

describe('emptyProducts with review pages', () => {
	it("'skip' writes no page for the locale without reviews, and no hreflang to it, while the other locale keeps all 60", async () => {
		const skipped = await buildSeoSite(sim, {
			label: 'review-pages-skip',
			env: { FIXTURE_EMPTY_PRODUCTS: 'skip' },
		});
		await expect(
			skipped.read(`${pathOf(POPULAR.popular, 1, '/en').slice(1)}index.html`),
		).rejects.toThrow();
		const first = parse(await skipped.read(`${pathOf(POPULAR.popular, 1).slice(1)}index.html`));
		expect(hreflangs(first)).toEqual([]);
		const files = (await skipped.htmlFiles()).filter((file) =>
			file.startsWith(`/products/${POPULAR.popular}`),
		);
		expect(files).toHaveLength(60);
	}, 300_000);
});

describe('review page links in Chromium', () => {
	it('fit a 390 px phone without sideways scrolling, and open every page number from the keyboard', async () => {
		const server = await serveDist(site.dist);
		const browser = await launchBrowser();
		try {
			const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
			await page.goto(`${server.origin}${pathOf(POPULAR.popular, 7)}`);
			const width = await page.evaluate(() => [
				document.documentElement.scrollWidth,
				document.documentElement.clientWidth,
			]);
			expect(width[0]).toBeLessThanOrEqual(width[1]!);
			// The row: previous, 1, 5–9, 60, next; the other numbers wait behind the disclosure.
			const row = page.locator('.aar-review-pages > ul a');
			expect(await row.allTextContents()).toEqual([
				'Page précédente',
				'1',
				'5',
				'6',
				'8',
				'9',
				'60',
				'Page suivante',
			]);
			const hidden = page.locator('.aar-review-pages details a', { hasText: /^30$/ });
			expect(await hidden.isVisible()).toBe(false);
			await page.locator('.aar-review-pages summary').focus();
			await page.keyboard.press('Enter');
			expect(await hidden.isVisible()).toBe(true);
			await hidden.click();
			expect(new URL(page.url()).pathname).toBe(pathOf(POPULAR.popular, 30));
		} finally {
			await closeBrowser(browser);
			await server.close();
		}
	}, 120_000);
});
