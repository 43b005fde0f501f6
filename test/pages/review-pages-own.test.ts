import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSlugger } from '../../integration/src/routing/slug.js';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';

/**
 * Review pages in a shop's own site (the own-pages fixture: `layout`, `base: '/boutique'`, a route
 * of its own at `/shop/[ref]` beside the injected pages), two reviews a page.
 */
const BASE = '/boutique';
let sim: Simulator;
let site: BuiltSite;
let slug: string;
let reviews: number;

beforeAll(async () => {
	sim = await startSimulator({ products: 12, locales: ['fr', 'en'], seed: 5, adversarial: true });
	const env = {
		AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
		AUDIO_REVIEWS_LOCALES: 'fr,en',
		FIXTURE_BASE: BASE,
		FIXTURE_REVIEWS_PER_PAGE: '2',
	};
	site = await buildFixture('own-pages', { extends: 'basic', label: 'review-pages-own', env });
	const listed = (locale: string) => sim.listAll({ locale, without: 'inactive' });
	// The fr product with the most reviews whose ref needs escaping: its review pages use the escaped slug.
	const escaped = listed('fr').filter(
		(product) => !/^[A-Za-z0-9_-]+$/.test(product.external_id) && product.reviews.length >= 3,
	);
	const chosen = (escaped.length > 0 ? escaped : listed('fr')).reduce((a, b) =>
		b.reviews.length > a.reviews.length ? b : a,
	);
	reviews = chosen.reviews.length;
	slug = createSlugger([...listed('fr'), ...listed('en')].map((p) => p.external_id)).slugFor(
		chosen.external_id,
	);
}, 240_000);
afterAll(() => sim?.close());

const read = async (path: string) => parse(await site.read(`${path}index.html`));
const hrefs = (html: ReturnType<typeof parse>) =>
	html
		.querySelectorAll('.aar-review-pages a')
		.map((a) => decodeURIComponent(a.getAttribute('href')!));

describe('review pages in a shop’s own site', () => {
	it('gives the own route the further review pages too, linking its own pages, base applied', async () => {
		const pages = Math.ceil(reviews / 2);
		expect(pages).toBeGreaterThan(1);
		for (let n = 2; n <= pages; n++) {
			const own = await read(`shop/${slug}~reviews-${n}/`);
			expect(own.querySelectorAll('.aar-review').length, `own page ${n}`).toBeLessThanOrEqual(2);
			expect(hrefs(own)).toContain(`${BASE}/shop/${slug}/`);
		}
		expect(hrefs(await read(`shop/${slug}/`))).toContain(`${BASE}/shop/${slug}~reviews-2/`);
		await expect(site.read(`shop/${slug}~reviews-${pages + 1}/index.html`)).rejects.toThrow();
	});

	it('renders injected review pages inside the layout, which gets the page’s own title', async () => {
		const html = await read(`products/${slug}~reviews-2/`);
		expect(html.querySelector('#shop-header')!.textContent).toBe('Fixture shop');
		expect(html.querySelectorAll('title')).toHaveLength(1);
		expect(html.querySelector('title')!.textContent).toMatch(
			/ – avis audio, page 2 \| Fixture shop$/,
		);
		expect(hrefs(html)).toEqual(expect.arrayContaining([`${BASE}/products/${slug}/`]));
		expect(html.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(
			new URL(`${BASE}/products/${encodeURIComponent(slug)}~reviews-2/`, 'https://shop.example')
				.href,
		);
	});
});
