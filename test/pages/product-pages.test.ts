import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type HTMLElement, parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../integration/src/entries/schema.js';
import { DEFAULT_REVIEWS_PER_PAGE } from '../../integration/src/options/page-settings.js';
import { REVIEWS_SCRIPT } from '../../integration/src/pages/review-script.js';
import { productPath } from '../../integration/src/routing/product-url.js';
import { reviewPageCount, reviewPageSegment } from '../../integration/src/routing/review-pages.js';
import { createSlugger } from '../../integration/src/routing/slug.js';
import { safeHttpUrl } from '../../integration/src/schema/safe-url.js';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';

const SITE = 'https://shop.example';
let sim: Simulator;
let site: BuiltSite;
let fr: Product[];
let en: Product[];
let slugFor: (ref: string) => string;

beforeAll(async () => {
	sim = await startSimulator({ products: 40, locales: ['fr', 'en'], seed: 77, adversarial: true });
	site = await buildFixture('basic', {
		label: 'pages',
		env: {
			AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
			AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
			AUDIO_REVIEWS_LOCALES: 'fr,en',
			FIXTURE_SITE: SITE,
		},
	});
	fr = sim.listAll({ locale: 'fr', without: 'inactive' });
	en = sim.listAll({ locale: 'en', without: 'inactive' });
	const slugger = createSlugger([...fr, ...en].map((p) => p.external_id));
	slugFor = (ref) => slugger.slugFor(ref);
}, 240_000);
afterAll(() => sim.close());

const pathOf = (product: Product, locale: 'fr' | 'en', reviewPage = 1) =>
	productPath(reviewPageSegment(slugFor(product.external_id), reviewPage), locale, 'fr');
/** The product page and, for a popular product, its further review pages. */
const pathsOf = (product: Product, locale: 'fr' | 'en') =>
	Array.from(
		{ length: reviewPageCount(product.reviews.length, DEFAULT_REVIEWS_PER_PAGE) },
		(_, index) => pathOf(product, locale, index + 1),
	);
const page = async (path: string) => parse(await site.read(`${path.slice(1)}index.html`));
const text = (node: HTMLElement) => node.textContent.replace(/\s+/g, ' ');

describe('product pages', () => {
	it('writes exactly one page per product and locale (and its further review pages), all distinct, nothing outside dist', async () => {
		// Hub pages aside (their own test lives in test/seo/search-ready.test.ts).
		const files = (await site.htmlFiles()).filter(
			(file) => file !== '/index.html' && !/\/products\/(~page-\d+\/)?index\.html$/.test(file),
		);
		const expected = [
			...fr.flatMap((p) => pathsOf(p, 'fr')),
			...en.flatMap((p) => pathsOf(p, 'en')),
		].map((path) => `${path}index.html`);
		// The long tail gives the fixture's catalogue a popular product: its review pages are among them.
		expect(expected.some((path) => path.includes('~reviews-2/'))).toBe(true);
		expect(files.sort()).toEqual(expected.sort());
		expect(new Set(files.map((file) => file.toLowerCase())).size).toBe(files.length);
		// The `../../etc/passwd` ref must not have escaped: the fixture root holds only what Astro writes.
		const rootEntries = await readdir(site.root);
		expect(rootEntries).not.toContain('etc');
		expect(await readdir(join(site.root, '..'))).not.toContain('etc');
		// Plain refs keep their own URL (docs/pages-and-seo.md, the public contract), up to the 200-char file-name bound.
		expect(files).toContain('/products/CON/index.html');
		expect(files).toContain(`/products/plain-${'y'.repeat(194)}/index.html`);
		expect(files).not.toContain(`/products/${'Z'.repeat(201)}/index.html`);
		expect(files.some((file) => file.startsWith(`/products/${'z'.repeat(48)}~`))).toBe(true);
	});

	it('puts title, description, canonical and hreflang alternates in the HTML', async () => {
		for (const product of fr) {
			const path = pathOf(product, 'fr');
			const html = await page(path);
			const expectedTitle = product.seo_name?.trim() || product.name?.trim() || product.external_id;
			expect(html.querySelector('title')!.textContent).toBe(expectedTitle);
			const description = html.querySelector('meta[name="description"]')!.getAttribute('content')!;
			// The shop's own description, else one generated from the data (test/seo/search-ready.test.ts).
			if (product.seo_description?.trim() && product.seo_description.length <= 160)
				expect(description).toBe(product.seo_description.trim().replace(/\s+/g, ' '));
			else expect(description.length).toBeGreaterThan(0);
			expect(html.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(
				new URL(path, SITE).href,
			);
			expect(html.querySelector('html')!.getAttribute('lang')).toBe('fr');
			const alternates = Object.fromEntries(
				html
					.querySelectorAll('link[rel="alternate"]')
					.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]),
			);
			const english = en.find((other) => other.external_id === product.external_id);
			// hreflang joins indexable pages only: both versions need a review (emptyProducts: 'noindex').
			if (english && english.reviews.length > 0 && product.reviews.length > 0)
				expect(alternates).toEqual({
					fr: new URL(path, SITE).href,
					en: new URL(pathOf(product, 'en'), SITE).href,
					'x-default': new URL(path, SITE).href,
				});
			else expect(alternates, path).toEqual({});
		}
	});

	it('holds one JSON-LD graph: a Product with exactly the rated reviews and an independently checked aggregate, or none', async () => {
		for (const product of en) {
			const html = await page(pathOf(product, 'en'));
			const scripts = html.querySelectorAll('script[type="application/ld+json"]');
			expect(scripts).toHaveLength(1);
			expect(scripts[0]!.getAttribute('type')).toBe('application/ld+json');
			const data = JSON.parse(scripts[0]!.textContent)['@graph'].find(
				(node: any) => node['@type'] === 'Product',
			);
			// In the order the page shows its cards (the documented one), which its markup follows.
			const cards = html
				.querySelectorAll('li.aar-review')
				.map((card) => card.getAttribute('data-review-id'));
			const rated = product.reviews
				.filter((review) => review.type === 'review' && review.rating !== undefined)
				.sort((a, b) => cards.indexOf(a.id) - cards.indexOf(b.id));
			if (rated.length === 0) {
				expect(data).toBeUndefined();
				continue;
			}
			expect(data.sku).toBe(product.external_id);
			expect(data.review).toHaveLength(rated.length);
			let sum = 0;
			for (const review of rated) sum += review.rating!;
			expect(data.aggregateRating.ratingCount).toBe(rated.length);
			expect(data.aggregateRating.ratingValue).toBe(Math.round((sum / rated.length) * 10) / 10);
			expect(data.aggregateRating.worstRating).toBe(0);
			rated.forEach((review, i) => {
				expect(data.review[i].reviewBody).toBe(review.transcript?.trim() || undefined);
				expect(data.review[i].reviewRating.ratingValue).toBe(review.rating);
			});
		}
	});

	it('shows every review: label, author, rating, audio player and transcript as page text, on the product page or its review pages', async () => {
		for (const product of fr) {
			const pages = await Promise.all(pathsOf(product, 'fr').map(page));
			const items = pages.flatMap((html) => html.querySelectorAll('li.aar-review'));
			expect(items).toHaveLength(product.reviews.length);
			for (const html of pages)
				expect(html.querySelectorAll('li.aar-review').length).toBeLessThanOrEqual(
					DEFAULT_REVIEWS_PER_PAGE,
				);
			// In the documented order (default first, newest first), not the service's: found by id.
			product.reviews.forEach((review) => {
				const item = items.find((li) => li.getAttribute('data-review-id') === review.id)!;
				if (review.label?.trim())
					expect(item.querySelector('.aar-label')!.textContent).toBe(review.label.trim());
				if (review.user.firstname)
					expect(text(item.querySelector('.aar-author-name')!)).toContain(
						review.user.firstname.trim(),
					);
				const audio = item.querySelector('audio');
				const safe = safeHttpUrl(review.audio_url);
				if (safe) {
					expect(audio!.getAttribute('src')).toBe(safe);
					expect(audio!.getAttribute('preload')).toBe('none');
					expect(audio!.hasAttribute('controls')).toBe(true);
				} else {
					expect(audio).toBeNull();
				}
				const transcript = text(item.querySelector('.aar-transcript') ?? item);
				for (const line of (review.transcript ?? '')
					.split('\n')
					.map((l) => l.trim())
					.filter(Boolean)) {
					expect(transcript).toContain(line.replace(/\s+/g, ' '));
				}
			});
		}
	});

	it('ships at most a few hundred bytes of JavaScript, once per page', async () => {
		expect(Buffer.byteLength(REVIEWS_SCRIPT)).toBeLessThan(500);
		const html = await site.read(
			`${pathOf(en.find((p) => p.reviews.length > 1)!, 'en').slice(1)}index.html`,
		);
		expect(html.split(REVIEWS_SCRIPT)).toHaveLength(2);
	});

	it('lets no adversarial content break out: no script, no event handler, no unsafe URL', async () => {
		const files = (await site.htmlFiles()).filter((file) => file.includes('/products/'));
		for (const file of files) {
			const html = parse(await site.read(file.slice(1)));
			// JSON-LD, and the package's own few hundred bytes of script, verbatim: nothing from the service.
			for (const script of html.querySelectorAll('script')) {
				if (script.getAttribute('type') !== 'application/ld+json')
					expect(script.textContent, file).toBe(REVIEWS_SCRIPT);
			}
			for (const element of html.querySelectorAll('*')) {
				for (const [name, value] of Object.entries(element.attributes)) {
					expect(name.toLowerCase().startsWith('on'), `${file}: ${name}`).toBe(false);
					// The one site-relative URL: Astro's own stylesheet of the components, shared by every page.
					const ownStylesheet =
						element.tagName === 'LINK' &&
						element.getAttribute('rel') === 'stylesheet' &&
						/^\/_astro\/[\w.-]+\.css$/.test(value);
					// Links between the site's own pages are root-relative paths (CONTRACT.md, "Inside a shop's site"): a path, never `//host`.
					const sitePath =
						name === 'href' &&
						(element.tagName === 'A' || element.tagName === 'LINK') &&
						/^\/(?!\/)/.test(value);
					if ((name === 'src' || name === 'href') && !ownStylesheet && !sitePath)
						expect(value, `${file}: ${name}`).toMatch(/^https?:\/\//);
				}
			}
		}
		const adversarial = parse(
			await site.read(
				`${pathOf(fr.find((p) => p.external_id === 'red shoe')!, 'fr').slice(1)}index.html`,
			),
		);
		// Shown as text, escaped, never parsed as markup.
		expect(adversarial.querySelector('title')!.textContent).toContain(
			'"><img src=x onerror=alert(1)>',
		);
		expect(adversarial.querySelector('h1')!.textContent).toContain('<script>alert(1)</script>');
		expect(adversarial.querySelectorAll('img[src="x"]')).toHaveLength(0);
		expect(adversarial.querySelector('.aar-transcript')!.textContent).toContain(
			'<script>alert(1)</script>',
		);
	});

	it('warns at sync time about every unsafe URL, naming the product ref and field', () => {
		expect(site.output).toMatch(
			/Product ref "red shoe" \(locale fr\): reviews\[0\]\.audio_url is not an http\(s\) URL/,
		);
		expect(site.output).toMatch(/reviews\[0\]\.user\.image_url is not an http\(s\) URL/);
	});
});
