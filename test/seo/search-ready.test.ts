import Validator from '@adobe/structured-data-validator';
import WebAutoExtractor from '@marbec/web-auto-extractor';
import { type HTMLElement, parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../integration/src/entries/schema.js';
import { productPath } from '../../integration/src/routing/product-url.js';
import { createSlugger } from '../../integration/src/routing/slug.js';
import { productHeading, productTitle } from '../../integration/src/seo/page-meta.js';
import { ratedReviews, ratingSummary } from '../../integration/src/seo/review-policy.js';
import type { Simulator } from '../../simulator/src/index.js';
import type { BuiltSite } from '../helpers/build-fixture.js';
import { buildSeoSite, CASES, startSeoSimulator } from '../helpers/seo-site.js';

const SITE = 'https://shop.example';
let sim: Simulator;
let site: BuiltSite;
const catalogue: Record<'fr' | 'en', Product[]> = { fr: [], en: [] };
let pathOf: (product: Product, locale: 'fr' | 'en') => string;

beforeAll(async () => {
	// With products of 1,200 and 45 reviews: Google's rules judge their further review pages too.
	sim = await startSeoSimulator(12, { popular: true });
	site = await buildSeoSite(sim, { label: 'search-ready' });
	catalogue.fr = sim.listAll({ locale: 'fr', without: 'inactive' });
	catalogue.en = sim.listAll({ locale: 'en', without: 'inactive' });
	const slugger = createSlugger([...catalogue.fr, ...catalogue.en].map((p) => p.external_id));
	pathOf = (product, locale) => productPath(slugger.slugFor(product.external_id), locale, 'fr');
}, 240_000);
afterAll(() => sim?.close());

const page = async (path: string): Promise<HTMLElement> =>
	parse(await site.read(`${path.slice(1)}index.html`));
const productOf = (locale: 'fr' | 'en', ref: string) =>
	catalogue[locale].find((p) => p.external_id === ref)!;
const shownIds = (html: HTMLElement) =>
	new Set(html.querySelectorAll('.aar-review').map((card) => card.getAttribute('data-review-id')));
const graphOf = (html: HTMLElement): any[] => {
	const scripts = html.querySelectorAll('script[type="application/ld+json"]');
	expect(scripts).toHaveLength(1);
	return JSON.parse(scripts[0]!.textContent)['@graph'];
};

/** Google's rules name these optional (recommended) fields; the service has no data for them. */
const ABSENT_OPTIONAL = /^Missing field "(description|datePublished)" \(optional\)$/;

describe("Google's rich-result rules (@adobe/structured-data-validator) over every page", () => {
	it('finds 0 errors, and no warning but optional fields the data lacks', async () => {
		const validator = new Validator();
		// Google's Product snippet rules only. The validator also applies its Merchant listing rules
		// (offers and image required) to every Product; those are for pages where the product can be
		// bought, and the service has no price or image: offers are never invented.
		validator.registeredHandlers.Product = validator.registeredHandlers.Product!.filter(
			(load) => !String(load).includes('ProductMerchant'),
		);
		const errors: string[] = [];
		const warnings = new Map<string, number>();
		const files = await site.htmlFiles();
		for (const file of files) {
			const extracted = new WebAutoExtractor({
				addLocation: true,
				embedSource: ['rdfa', 'microdata'],
			}).parse(await site.read(file.slice(1)));
			for (const issue of await validator.validate(extracted)) {
				const line = `${file}: ${issue.rootType} ${issue.issueMessage}`;
				if (issue.severity === 'ERROR') errors.push(line);
				else warnings.set(issue.issueMessage, (warnings.get(issue.issueMessage) ?? 0) + 1);
			}
		}
		console.log(
			`structured-data-validator: ${files.length} pages, ${errors.length} errors, warnings ${JSON.stringify(Object.fromEntries(warnings))}`,
		);
		expect(errors).toEqual([]);
		for (const message of warnings.keys()) expect(message).toMatch(ABSENT_OPTIONAL);
	});
});

describe('structured data policy', () => {
	it('marks up a Product only with rated reviews: exactly those, aggregate over them, the number the page shows', async () => {
		for (const locale of ['fr', 'en'] as const) {
			for (const product of catalogue[locale]) {
				const html = await page(pathOf(product, locale));
				const onPage = shownIds(html);
				const graph = graphOf(html);
				const node = graph.find((item) => item['@type'] === 'Product');
				const rated = ratedReviews(product);
				const summary = ratingSummary(product);
				if (rated.length === 0) {
					expect(node, product.external_id).toBeUndefined();
					expect(html.querySelector('.aar-average')).toBeNull();
				} else {
					expect(node.sku).toBe(product.external_id);
					expect(node).not.toHaveProperty('offers');
					// The aggregate counts every rated review; the list holds those this page shows (a popular product's first reviewsPerPage).
					// In the order the page shows its cards, which its markup follows.
					const cards = html
						.querySelectorAll('.aar-review')
						.map((card) => card.getAttribute('data-review-id'));
					const shownRated = rated
						.filter((review) => onPage.has(review.id))
						.sort((a, b) => cards.indexOf(a.id) - cards.indexOf(b.id));
					expect(node.review.map((review: any) => review.reviewRating.ratingValue)).toEqual(
						shownRated.map((review) => review.rating),
					);
					for (const review of node.review)
						expect(review.reviewRating).toMatchObject({ bestRating: 5, worstRating: 0 });
					// Independent mean, not the package's function.
					const mean = rated.reduce((sum, review) => sum + review.rating, 0) / rated.length;
					const shownMean = Math.round(mean * 10) / 10;
					expect(node.aggregateRating.ratingValue).toBe(shownMean);
					expect(node.aggregateRating.ratingCount).toBe(rated.length);
					expect(node.aggregateRating.ratingValue).toBe(summary!.average);
					// The number itself, exactly: "3.1" is a substring of "3.13".
					const shown = html.querySelector('.aar-average .aar-score')!.textContent.trim();
					expect(shown).toBe(
						new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(shownMean),
					);
				}
				const unrated = product.reviews.filter(
					(review) =>
						!rated.includes(review as never) &&
						onPage.has(review.id) &&
						(review.transcript?.trim() || review.audio_url?.startsWith('https://')),
				);
				expect(graph.filter((item) => item['@type'] === 'AudioObject')).toHaveLength(
					unrated.length,
				);
				expect(graph.filter((item) => item['@type'] === 'Review')).toHaveLength(0);
				const crumbs = graph.find((item) => item['@type'] === 'BreadcrumbList').itemListElement;
				expect(crumbs.map((crumb: any) => decodeURI(crumb.item))).toEqual([
					`${SITE}/`,
					`${SITE}${locale === 'fr' ? '' : '/en'}/products/`,
					`${SITE}${pathOf(product, locale)}`,
				]);
			}
		}
	});

	it('describes testimonies and unrated reviews as AudioObjects with their transcript, never rated', async () => {
		for (const ref of [CASES.onlyTestimonies, CASES.onlyUnrated]) {
			const product = productOf('fr', ref);
			const graph = graphOf(await page(pathOf(product, 'fr')));
			expect(graph.map((node) => node['@type'])).not.toContain('Product');
			const audio = graph.filter((node) => node['@type'] === 'AudioObject');
			expect(audio.length).toBeGreaterThan(0);
			expect(JSON.stringify(audio)).not.toMatch(/rating/i);
			const withTranscript = product.reviews.filter((review) => review.transcript?.trim());
			expect(audio.filter((node) => node.transcript).map((node) => node.transcript)).toEqual(
				withTranscript.map((review) => review.transcript!.trim()),
			);
		}
	});
});

describe('head of every product page', () => {
	it('has title, h1, a description ≤ 160 chars in the page language, og:locale ll_TT, the ref, and robots for empty products', async () => {
		for (const locale of ['fr', 'en'] as const) {
			for (const product of catalogue[locale]) {
				const html = await page(pathOf(product, locale));
				expect(html.querySelector('title')!.textContent).toBe(productTitle(product));
				expect(html.querySelector('h1')!.textContent).toBe(productHeading(product));
				const description = html
					.querySelector('meta[name="description"]')!
					.getAttribute('content')!;
				expect(description.trim().length).toBeGreaterThan(0);
				expect([...description].length).toBeLessThanOrEqual(160);
				if (!product.seo_description?.trim())
					expect(description).toContain(productHeading(product).replace(/\s+/g, ' ').slice(0, 20));
				expect(html.querySelector('meta[property="og:locale"]')!.getAttribute('content')).toBe(
					locale === 'fr' ? 'fr_FR' : 'en_US',
				);
				expect(
					html.querySelector('meta[property="product:retailer_item_id"]')!.getAttribute('content'),
				).toBe(product.external_id);
				const robots = html.querySelector('meta[name="robots"]')?.getAttribute('content');
				expect(robots).toBe(product.reviews.length === 0 ? 'noindex, follow' : undefined);
				const audio = html.querySelector('meta[property="og:audio"]');
				if (audio)
					expect(
						html.querySelector('meta[property="og:audio:type"]')!.getAttribute('content'),
					).toBe('audio/mpeg');
			}
		}
	});

	it('generates the description in the page language from the rating summary', async () => {
		const fr = await page(pathOf(productOf('fr', CASES.noSeoDescription), 'fr'));
		const en = await page(pathOf(productOf('en', CASES.noSeoDescription), 'en'));
		expect(fr.querySelector('meta[name="description"]')!.getAttribute('content')).toMatch(
			/ : noté 4,5\/5 dans \d+ avis audio\./,
		);
		expect(en.querySelector('meta[name="description"]')!.getAttribute('content')).toMatch(
			/: rated 4\.5\/5 in \d+ audio reviews?\./,
		);
	});

	it('shows the exact average as stars (3.5 fills 70 %) and as text', async () => {
		const html = await page(pathOf(productOf('fr', CASES.accented), 'fr'));
		const average = html.querySelector('.aar-average')!;
		expect(average.querySelector('.aar-stars')!.getAttribute('style')).toBe('--aar-fill: 70.0%');
		expect(average.textContent).toContain('3,5');
	});
});

describe('URLs of non-ASCII and twin refs', () => {
	it('keeps a readable non-ASCII ref as its URL and escapes folded twins', async () => {
		const files = await site.htmlFiles();
		expect(files).toContain('/products/théière-éco-50/index.html');
		expect(files).toContain('/products/日本語/index.html');
		expect(files.some((file) => file.startsWith('/products/strasse-1~'))).toBe(true);
		expect(files.some((file) => file.startsWith('/products/straße-1~'))).toBe(true);
		const html = await page('/products/théière-éco-50/');
		expect(html.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(
			`${SITE}/products/th%C3%A9i%C3%A8re-%C3%A9co-50/`,
		);
	});
});

describe('hub pages', () => {
	it('reach every product page and review page of the site by following links from the first hub page of each locale', async () => {
		const products = (await site.htmlFiles()).filter((file) =>
			/\/products\/(?!~page-)[^/]+\/index\.html$/.test(file),
		);
		const seen = new Set<string>();
		const queue = ['/products/', '/en/products/'];
		while (queue.length > 0) {
			const path = queue.shift()!;
			if (seen.has(path)) continue;
			seen.add(path);
			// Hub pages lead to product pages, product pages to their further review pages.
			if (!path.includes('/products/')) continue;
			const html = await page(path);
			for (const link of html.querySelectorAll('a[href]')) {
				const url = new URL(link.getAttribute('href')!, SITE);
				if (url.origin === SITE) queue.push(decodeURIComponent(url.pathname));
			}
		}
		const reached = [...seen]
			.filter((path) => /\/products\/(?!~page-)[^/]+\/$/.test(path))
			.map((path) => `${path}index.html`);
		expect(reached.sort()).toEqual(
			products.filter((file) => !file.endsWith('/products/index.html')).sort(),
		);
	});

	it('carry CollectionPage and ItemList JSON-LD without ratings, canonical and hreflang, and no Product', async () => {
		const html = await page('/en/products/~page-2/');
		const graph = graphOf(html);
		expect(graph.map((node) => node['@type']).sort()).toEqual([
			'BreadcrumbList',
			'CollectionPage',
			'ItemList',
		]);
		expect(JSON.stringify(graph)).not.toMatch(/rating|"Product"/i);
		expect(graph.find((node) => node['@type'] === 'ItemList').itemListElement[0].position).toBe(9);
		expect(html.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(
			`${SITE}/en/products/~page-2/`,
		);
		const alternates = Object.fromEntries(
			html
				.querySelectorAll('link[rel="alternate"]')
				.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]),
		);
		expect(alternates).toEqual({
			fr: `${SITE}/products/~page-2/`,
			en: `${SITE}/en/products/~page-2/`,
			'x-default': `${SITE}/products/~page-2/`,
		});
		expect(html.querySelector('h1')!.textContent).toBe('Audio reviews of our products – page 2');
	});
});

describe('options: emptyProducts "skip", hub false', () => {
	let bare: BuiltSite;
	beforeAll(async () => {
		bare = await buildSeoSite(sim, {
			label: 'search-ready-options',
			env: { FIXTURE_HUB: 'off', FIXTURE_EMPTY_PRODUCTS: 'skip' },
		});
	}, 240_000);

	it('writes no page for a product without reviews and no hub page; breadcrumbs go home → product', async () => {
		const files = await bare.htmlFiles();
		expect(files.filter((file) => /\/products\/(~page-\d+\/)?index\.html$/.test(file))).toEqual([]);
		expect(files.some((file) => file.includes(`/${CASES.noReviews}/`))).toBe(false);
		expect(files).toContain(`/products/${CASES.onlyTestimonies}/index.html`);
		const html = parse(await bare.read(`products/${CASES.onlyTestimonies}/index.html`));
		const crumbs = graphOf(html).find((node) => node['@type'] === 'BreadcrumbList').itemListElement;
		expect(crumbs.map((crumb: any) => crumb.item)).toEqual([
			`${SITE}/`,
			`${SITE}/products/${CASES.onlyTestimonies}/`,
		]);
		expect(html.querySelector('meta[name="robots"]')).toBeNull();
	});
});
