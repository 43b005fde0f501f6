import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSlugger } from '../../integration/src/routing/slug.js';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';
import { readFeed } from '../helpers/review-feed-xml.js';
import { sitemapLocs } from '../helpers/sitemap-xml.js';

/**
 * A site with Astro's i18n routing: the package's pages, hubs, canonical and hreflang URLs,
 * breadcrumb home links, sitemap and review feed sit where Astro puts that locale's pages. The
 * expected paths are written out here from the simulator's data, not made by the package's code.
 */
const SITE = 'https://shop.example';
const PER_PAGE = 2;
const LOCALES = ['fr', 'en'] as const;
type Locale = (typeof LOCALES)[number];

let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator({
		products: 8,
		locales: [...LOCALES],
		seed: 33,
		reviewsPerProduct: 4,
		longTail: false,
		transcriptLength: [20, 60],
	});
});
afterAll(() => sim?.close());

function buildWith(label: string, env: Record<string, string>): Promise<BuiltSite> {
	return buildFixture('i18n', {
		label,
		extends: 'basic',
		env: {
			AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
			AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
			AUDIO_REVIEWS_LOCALES: LOCALES.join(','),
			...env,
		},
	});
}

interface ExpectedPage {
	locale: Locale;
	ref: string;
	page: number;
	reviews: number;
}

/** Every product and review page of the catalogue, by its site path, with `prefix[locale]` before `/products/`. */
function expectedPages(prefix: Record<Locale, string>): Map<string, ExpectedPage> {
	const byLocale = Object.fromEntries(
		LOCALES.map((locale) => [locale, sim.listAll({ locale, without: 'inactive' })]),
	);
	const slugger = createSlugger(
		LOCALES.flatMap((locale) => byLocale[locale]!.map((product) => product.external_id)),
	);
	const pages = new Map<string, ExpectedPage>();
	for (const locale of LOCALES) {
		for (const product of byLocale[locale]!) {
			const reviews = product.reviews.length;
			const slug = slugger.slugFor(product.external_id);
			for (let page = 1; page <= Math.max(1, Math.ceil(reviews / PER_PAGE)); page++)
				pages.set(`${prefix[locale]}/products/${slug}${page === 1 ? '' : `~reviews-${page}`}/`, {
					locale,
					ref: product.external_id,
					page,
					reviews,
				});
		}
	}
	return pages;
}

const firstPageOf = (pages: Map<string, ExpectedPage>, ref: string, locale: Locale) =>
	[...pages].find(([, page]) => page.ref === ref && page.locale === locale && page.page === 1)?.[0];

async function sitemapUrls(site: BuiltSite): Promise<string[]> {
	const files = sitemapLocs(await site.read('sitemap-index.xml')).map((loc) =>
		new URL(loc).pathname.slice(1),
	);
	return (await Promise.all(files.map(async (file) => sitemapLocs(await site.read(file))))).flat();
}

const cases = [
	{
		label: 'i18n-prefixed-default',
		env: { FIXTURE_DEFAULT_LOCALE: 'fr', FIXTURE_PREFIX_DEFAULT: '1' },
		defaultLocale: 'fr',
		prefix: { fr: '/fr', en: '/en' },
		home: { fr: '/fr/', en: '/en/' },
	},
	{
		label: 'i18n-default-not-first',
		env: { FIXTURE_DEFAULT_LOCALE: 'en' },
		defaultLocale: 'en',
		prefix: { fr: '/fr', en: '' },
		home: { fr: '/fr/', en: '/' },
	},
] as const;

describe.each(cases)(
	'Astro i18n routing, $label',
	({ label, env, defaultLocale, prefix, home }) => {
		let site: BuiltSite;
		const pages = () => expectedPages(prefix);
		beforeAll(async () => {
			site = await buildWith(label, env);
		}, 240_000);

		it('writes every product page, review page and hub under its locale prefix, and nothing elsewhere', async () => {
			const expected = pages();
			expect([...expected.values()].some((page) => page.page > 1)).toBe(true);
			const hubs = LOCALES.map((locale) => `${prefix[locale]}/products/index.html`);
			const written = (await site.htmlFiles()).filter((file) => file.includes('/products/'));
			expect(written.map((file) => decodeURIComponent(file)).sort()).toEqual(
				[...[...expected.keys()].map((path) => `${path}index.html`), ...hubs].sort(),
			);
		});

		it('gives each page its own canonical, hreflang alternates at the other locale prefix, x-default at the default locale', async () => {
			const expected = pages();
			for (const [path, { locale, ref, page }] of expected) {
				if (page !== 1) continue;
				const html = parse(await site.read(`${path.slice(1)}index.html`));
				expect(html.querySelector('html')!.getAttribute('lang'), path).toBe(locale);
				expect(html.querySelector('link[rel="canonical"]')!.getAttribute('href'), path).toBe(
					encodeURI(`${SITE}${path}`),
				);
				const alternates = Object.fromEntries(
					html
						.querySelectorAll('link[rel="alternate"][hreflang]')
						.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]),
				);
				// hreflang joins indexable pages only (a page without reviews is noindex).
				const joined = LOCALES.map((other) => firstPageOf(expected, ref, other)).filter(
					(otherPath): otherPath is string =>
						otherPath !== undefined && expected.get(otherPath)!.reviews > 0,
				);
				if (expected.get(path)!.reviews === 0 || joined.length < 2)
					expect(Object.keys(alternates), path).toEqual([]);
				else
					for (const otherPath of joined) {
						const other = expected.get(otherPath)!.locale;
						expect(decodeURI(alternates[other]!), `${path} → ${other}`).toBe(`${SITE}${otherPath}`);
					}
				const defaultPath = firstPageOf(expected, ref, defaultLocale);
				if (defaultPath && alternates['x-default'])
					expect(decodeURI(alternates['x-default']), path).toBe(`${SITE}${defaultPath}`);
			}
		});

		it("links the breadcrumb home to the locale's home, the one astro:i18n's getRelativeLocaleUrl gives", async () => {
			const astroHomes = JSON.parse(await site.read('fr/locale-homes.json')) as Record<
				Locale,
				string
			>;
			expect(astroHomes).toEqual(home);
			const hubPaths = LOCALES.map((locale) => [`${prefix[locale]}/products/`, locale] as const);
			const productPaths = [...pages()].map(([path, page]) => [path, page.locale] as const);
			for (const [path, locale] of [...hubPaths, ...productPaths]) {
				const html = parse(await site.read(`${path.slice(1)}index.html`));
				const homeLink = html.querySelector('.aar-breadcrumb a');
				expect(homeLink?.getAttribute('href'), path).toBe(astroHomes[locale]);
			}
		});

		it('lists those URLs in the sitemap, the review feed and the change report IndexNow submits', async () => {
			const expected = pages();
			const productUrls = (await sitemapUrls(site))
				.map((url) => decodeURI(url))
				.filter((url) => url.includes('/products/'));
			const hubUrls = LOCALES.map((locale) => `${SITE}${prefix[locale]}/products/`);
			const pageUrls = new Set([...expected.keys()].map((path) => `${SITE}${path}`));
			expect(productUrls.filter((url) => !pageUrls.has(url)).sort()).toEqual([...hubUrls].sort());
			const reviewed = [...expected]
				.filter(([, page]) => page.reviews > 0)
				.map(([path]) => `${SITE}${path}`);
			expect(reviewed.length).toBeGreaterThan(8);
			expect(reviewed.filter((url) => !productUrls.includes(url))).toEqual([]);
			const report = JSON.parse(
				await readFile(join(site.root, '.astro/audio-reviews-changes.json'), 'utf8'),
			) as { added: string[] };
			const reported = report.added
				.map((url) => decodeURI(url))
				.filter((url) => url.includes('/products/'));
			expect(reported.sort()).toEqual([...pageUrls, ...hubUrls].sort());
			const feed = readFeed(await site.read('product-reviews.xml'));
			expect(feed.reviews.length).toBeGreaterThan(0);
			for (const review of feed.reviews) {
				expect(pageUrls.has(decodeURI(review.productUrl)), review.productUrl).toBe(true);
				expect(pageUrls.has(decodeURI(review.reviewUrl)), review.reviewUrl).toBe(true);
			}
		});

		it('warns of no locale that i18n.locales and the loader do not share', () => {
			expect(site.output).not.toMatch(/i18n\.locales/);
		});
	},
);

describe('Astro i18n locales the loader does not share', () => {
	it('warns of each, naming it and the fix', async () => {
		const site = await buildWith('i18n-mismatch', {
			FIXTURE_I18N_LOCALES: 'fr,de',
			FIXTURE_DEFAULT_LOCALE: 'fr',
		});
		expect(site.output).toMatch(
			/loader loads locale "en", which Astro's i18n\.locales \("fr", "de"\) does not name.*Add "en" to i18n\.locales/,
		);
		expect(site.output).toMatch(
			/i18n\.locales names "de", which the loader does not load.*Add "de" to productsLoader\(\{ locales \}\)/,
		);
		expect(site.output).not.toMatch(/locale "fr", which/);
	}, 240_000);
});
