import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratingSummary } from '../../integration/src/seo/review-policy.js';
import { serveDist } from '../../scripts/serve-dist.mjs';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';
import { closeBrowser, launchBrowser } from '../helpers/chromium.js';
import { REPO_ROOT, sh } from '../helpers/shell.js';

// The `search: 'pagefind'` option, end to end: the fixture built with and without it, Pagefind's
// own binary run over dist/, and the index searched through pagefind.js in Chromium, as the
// search box of docs/search.md does.

const LOCALES = ['fr', 'en'];
/** Planted in two French transcripts and one English one: no other text of the site holds it. */
const PLANTED = 'quokkaphone';

let sim: Simulator;
let plain: BuiltSite;
let marked: BuiltSite;
let server: Awaited<ReturnType<typeof serveDist>>;
let browser: Browser;
/** Review ids holding the planted word, per locale and product ref. */
const planted = new Map<string, Map<string, string>>(LOCALES.map((locale) => [locale, new Map()]));

function plantWord(): void {
	const targets = [...LOCALES, 'fr'];
	for (const ref of sim.refs()) {
		const locale = targets[0];
		if (locale === undefined) return;
		sim.updateProduct(ref, (product) => {
			const review = product.reviews.find(
				(item) => item.locale === locale && item.transcript && item.validated && item.is_active,
			);
			if (review === undefined || planted.get(locale)!.size === 2) return;
			review.transcript = `${review.transcript} Le ${PLANTED} est arrivé.`;
			planted.get(locale)!.set(ref, review.id);
			targets.shift();
		});
	}
}

beforeAll(async () => {
	sim = await startSimulator({ products: 10, locales: LOCALES, seed: 28 });
	plantWord();
	const env = {
		AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
		AUDIO_REVIEWS_LOCALES: LOCALES.join(','),
	};
	plain = await buildFixture('search', { extends: 'basic', label: 'search-plain', env });
	marked = await buildFixture('search', {
		extends: 'basic',
		label: 'search-pagefind',
		env: { ...env, FIXTURE_SEARCH: 'pagefind' },
	});
	await sh(join(REPO_ROOT, 'node_modules/.bin/pagefind'), ['--site', marked.dist], marked.root);
	server = await serveDist(marked.dist);
	browser = await launchBrowser();
}, 300_000);

// One page per locale stays open across the tests (Pagefind loaded once); closed with the browser.
afterAll(async () => {
	await closeBrowser(browser);
	await server?.close();
	await sim?.close();
});

/** Every attribute and text node `search: 'pagefind'` adds, and nothing else. */
function withoutSearchMarkup(html: string): string {
	return html
		.replaceAll(/<span data-pagefind-meta="title">([^<]*)<\/span>/g, '$1')
		.replaceAll(/ data-pagefind-[a-z-]+(?:="[^"]*")?/g, '')
		.replaceAll(/ id="aar-review-[^"]*"/g, '')
		.replaceAll(
			'</span> <span class="aar-author-description">',
			'</span><span class="aar-author-description">',
		);
}

/** Where two pages part, with some context: a whole page in a failure message says nothing. */
function firstDifference(actual: string, expected: string): string | undefined {
	if (actual === expected) return undefined;
	let at = 0;
	while (actual[at] === expected[at]) at += 1;
	return `at ${at}: ${JSON.stringify(actual.slice(at - 80, at + 80))} instead of ${JSON.stringify(expected.slice(at - 80, at + 80))}`;
}

describe('search: pagefind markup', () => {
	it('changes no byte without the option, and only adds attributes to product pages with it; hub pages and the site’s own are untouched', async () => {
		const files = await plain.htmlFiles();
		expect(files).toEqual(await marked.htmlFiles());
		expect(files).toEqual(
			expect.arrayContaining([
				'/about/index.html',
				'/products/index.html',
				'/en/products/index.html',
			]),
		);
		const isProductPage = (file: string) => /\/products\/(?!~)[^/]+\/index\.html$/.test(file);
		const changed: string[] = [];
		for (const file of files) {
			const before = await plain.read(file);
			const after = await marked.read(file);
			expect(before, file).not.toMatch(/data-pagefind|id="aar-review-/);
			if (isProductPage(file))
				expect(firstDifference(withoutSearchMarkup(after), before), file).toBeUndefined();
			else
				expect(
					firstDifference(after, before),
					`${file} is not a product page: not indexed, not changed`,
				).toBeUndefined();
			if (after !== before) changed.push(file);
		}
		const productPages = LOCALES.flatMap((locale) => sim.listAll({ locale, without: 'inactive' }));
		expect(changed).toHaveLength(productPages.length);
		expect(changed.every(isProductPage)).toBe(true);
	});
});

/** Runs Pagefind's JS API, served from dist/, in a page of the site (which picks the index of its `<html lang>`). */
async function pagefind<T>(
	page: Page,
	query: string | null,
	options: Record<string, unknown>,
): Promise<T> {
	// A string, not a function: vitest's transform would rewrite a function's import() for Node.
	return page.evaluate(`(async () => {
		const api = await import('/pagefind/pagefind.js');
		const search = await api.search(${JSON.stringify(query)}, ${JSON.stringify(options)});
		const results = await Promise.all(search.results.map((result) => result.data()));
		return { filters: await api.filters(), results };
	})()`) as Promise<T>;
}

interface Found {
	filters: Record<string, Record<string, number>>;
	results: {
		url: string;
		meta: Record<string, string>;
		sub_results: { url: string; title: string }[];
	}[];
}

describe('Pagefind over the built site, in Chromium', () => {
	const pages = new Map<string, Page>();
	const pageIn = async (locale: string) => {
		if (!pages.has(locale)) {
			const page = await browser.newPage();
			const product = sim.listAll({ locale, without: 'inactive' })[0]!;
			const path = `${locale === 'fr' ? '' : `/${locale}`}/products/${product.external_id}/`;
			expect((await page.goto(`${server.origin}${path}`))?.status()).toBe(200);
			pages.set(locale, page);
		}
		return pages.get(locale)!;
	};
	const search = async (
		locale: string,
		query: string | null,
		options: Record<string, unknown> = {},
	) => pagefind<Found>(await pageIn(locale), query, options);

	it.each(LOCALES)(
		'finds a transcript word on exactly the %s products that hold it, each landing on the review',
		async (locale) => {
			const { results } = await search(locale, PLANTED);
			const expected = [...planted.get(locale)!].map(([ref, reviewId]) => ({
				url: `${locale === 'fr' ? '' : `/${locale}`}/products/${ref}/`,
				anchors: [`${locale === 'fr' ? '' : `/${locale}`}/products/${ref}/#aar-review-${reviewId}`],
			}));
			const found = results.map((result) => ({
				url: result.url,
				anchors: result.sub_results.map((sub) => sub.url),
			}));
			expect(found.sort((a, b) => a.url.localeCompare(b.url))).toEqual(
				expected.sort((a, b) => a.url.localeCompare(b.url)),
			);
			for (const result of results) {
				expect(result.meta.image ?? '', 'no avatar as the result picture').toBe('');
				const heading = (await readFile(join(marked.dist, result.url, 'index.html'), 'utf8')).match(
					/<h1[^>]*>([^<]*)<\/h1>/,
				)![1];
				expect(result.meta.title).toBe(heading);
			}
		},
	);

	it('finds nothing for words of the layout, the breadcrumbs, the summary, the controls, the dates or the audio URLs', async () => {
		const review = sim
			.listAll({ locale: 'fr', without: 'inactive' })
			.flatMap((product) => product.reviews)
			.find((item) => item.audio_url && item.created_at)!;
		// The first group of the file name's UUID, e.g. "07884d5d" of …/fr/07884d5d-6627-….mp3
		const urlWord = review.audio_url?.split('/').pop()?.split('-')[0] ?? '';
		expect(urlWord).toMatch(/^[0-9a-f]{8}$/);
		const layout = ['quinconce', 'Sonore', 'Journal'];
		const pageWords = [
			'Accueil',
			'Langues',
			'moyenne',
			'étoiles',
			'Réduire',
			'navigateur',
			'Répartition',
			'Afficher',
			'Témoignage',
			'★★★★★',
		];
		const dateWord = new Intl.DateTimeFormat('fr', { month: 'long' }).format(
			new Date(review.created_at!),
		);
		// Quoted: an exact search, where Pagefind would otherwise fall back to words that start like the query.
		for (const word of [...layout, ...pageWords, dateWord, 'mp3', urlWord]) {
			expect(
				(await search('fr', `"${word}"`)).results.map((result) => result.url),
				word,
			).toEqual([]);
		}
	});

	it.each(LOCALES)(
		'filters the %s products by the star level of their average, as the catalogue counts them',
		async (locale) => {
			const levels: Record<string, number> = {};
			for (const product of sim.listAll({ locale, without: 'inactive' })) {
				const summary = ratingSummary(product);
				if (summary)
					levels[Math.floor(summary.average)] = (levels[Math.floor(summary.average)] ?? 0) + 1;
			}
			const { filters } = await search(locale, null);
			expect(filters.stars).toEqual(levels);
			for (const [level, count] of Object.entries(levels)) {
				expect(
					(await search(locale, null, { filters: { stars: level } })).results,
					`stars ${level}`,
				).toHaveLength(count);
			}
		},
	);

	it('sorts by rating and by review count', async () => {
		const products = sim.listAll({ locale: 'fr', without: 'inactive' });
		const best = Math.max(...products.map((product) => ratingSummary(product)?.average ?? 0));
		const most = Math.max(...products.map((product) => product.reviews.length));
		const [byRating] = (await search('fr', null, { sort: { rating: 'desc' } })).results;
		const [byCount] = (await search('fr', null, { sort: { reviews: 'desc' } })).results;
		const ref = (url: string) => decodeURIComponent(url.split('/').at(-2)!);
		expect(
			ratingSummary(products.find((product) => product.external_id === ref(byRating!.url))!)
				?.average,
		).toBe(best);
		expect(
			products.find((product) => product.external_id === ref(byCount!.url))!.reviews.length,
		).toBe(most);
	});
});
