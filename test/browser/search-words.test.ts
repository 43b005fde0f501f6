import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REVIEWS_PER_PAGE } from '../../integration/src/options/page-settings.js';
import { BUILT_IN_WORDS, languageName, uiText } from '../../integration/src/words/ui-text.js';
import { type Phrase, WORD_KEYS } from '../../integration/src/words/words.js';
import { serveDist } from '../../scripts/serve-dist.mjs';
import { type SimAudio, type Simulator, startSimulator } from '../../simulator/src/index.js';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';
import { closeBrowser, launchBrowser } from '../helpers/chromium.js';
import { REPO_ROOT, sh } from '../helpers/shell.js';

// `search: 'pagefind'` keeps the package's own words out of the index, in every language it ships
// words for: the site built in all of them, Pagefind's CLI run over dist/, and every word of each
// language's phrases searched in that language's index through pagefind.js in Chromium. The
// planted words prove the same searches do find what a shopper's words are.

const LOCALES = Object.keys(BUILT_IN_WORDS);
/** Planted in the oldest review of a popular product, in every language: it lands on a further review page. */
const PLANTED = 'quokkaphone';
const POPULAR = 'popular-one';
const POPULAR_REVIEWS = DEFAULT_REVIEWS_PER_PAGE + 5;
/** A product with reviews in French only: its page in every other language is an empty one. */
const LONELY = {
	external_id: 'lonely-one',
	name: 'Yarnspindle',
	seo_description: 'Wobblefrost kettle.',
};

let sim: Simulator;
let site: BuiltSite;
let server: Awaited<ReturnType<typeof serveDist>>;
let browser: Browser;

function audio(id: string, locale: string, day: number, transcript: string): SimAudio {
	return {
		id,
		type: 'review',
		rating: 4,
		audio_url: `https://cdn.example.com/${locale}/${id}.mp3`,
		is_active: true,
		is_default: false,
		transcript,
		// Unnamed authors: the page shows its word for "Anonymous", which must stay out of the index too.
		user: { id },
		created_at: new Date(Date.UTC(2024, 0, 1 + day)).toISOString(),
		locale,
		validated: true,
		awaitingValidation: false,
	};
}

function addProducts(): void {
	const reviews = LOCALES.flatMap((locale) =>
		Array.from({ length: POPULAR_REVIEWS }, (_, i) =>
			// Newest first: day 0 is the oldest, the last review of the last page.
			audio(
				`${POPULAR}-${locale}-${i}`,
				locale,
				i,
				i === 0 ? `Zindarel ${PLANTED}.` : 'Zindarel grumvel.',
			),
		),
	);
	sim.addProduct({
		external_id: POPULAR,
		name: 'Trombulator',
		seo_description: undefined,
		reviews,
	});
	sim.addProduct({
		...LONELY,
		reviews: [audio(`${LONELY.external_id}-fr`, 'fr', 1, 'Zindarel grumvel.')],
	});
}

beforeAll(async () => {
	sim = await startSimulator({ products: 6, locales: LOCALES, seed: 33 });
	addProducts();
	const env = {
		AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
		AUDIO_REVIEWS_LOCALES: LOCALES.join(','),
		FIXTURE_SEARCH: 'pagefind',
	};
	site = await buildFixture('search', { extends: 'basic', label: 'search-words', env });
	await sh(join(REPO_ROOT, 'node_modules/.bin/pagefind'), ['--site', site.dist], site.root);
	server = await serveDist(site.dist);
	browser = await launchBrowser();
}, 600_000);

// One page per locale stays open across the tests (Pagefind loaded once); closed with the browser.
afterAll(async () => {
	await closeBrowser(browser);
	await server?.close();
	await sim?.close();
});

// Apostrophes inside a word are dropped, as Pagefind does ("it's" is "its").
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;
const wordsOf = (text: string | undefined) =>
	((text ?? '').toLocaleLowerCase().match(WORD) ?? []).map((word) => word.replaceAll(/['’]/g, ''));

const phraseTexts = (phrase: Phrase) =>
	typeof phrase === 'string' ? [phrase] : Object.values(phrase);

/** Every word a shopper may legitimately find: the catalogue's own text, in any language. */
function catalogueWords(): Set<string> {
	const words = new Set<string>();
	for (const locale of LOCALES) {
		for (const product of sim.listAll({ locale, without: 'inactive' })) {
			const texts = [product.external_id, product.name, product.seo_name, product.seo_description];
			for (const review of product.reviews)
				texts.push(
					review.label,
					review.transcript,
					review.user.firstname,
					review.user.lastname,
					review.user.description,
				);
			for (const text of texts) for (const word of wordsOf(text)) words.add(word);
		}
	}
	return words;
}

/** The words of the package's interface in `locale`: its phrases (placeholders out), language names, page numbers. */
function interfaceWords(locale: string, exclude: Set<string>): string[] {
	const words = BUILT_IN_WORDS[locale]!;
	const text = uiText(locale);
	const texts = WORD_KEYS.flatMap((key) =>
		phraseTexts(words[key]).map((phrase) => phrase.replace(/\{\w+\}/g, ' ')),
	);
	texts.push(...LOCALES.map((other) => languageName(other, locale)));
	// The filled phrases too: numbers as the page shows them ("page 2", "4,5").
	texts.push(
		text('reviewPage', { name: '', page: 2 }),
		text('page', { page: 2 }),
		text('rated', { rating: 4 }),
	);
	return [...new Set(texts.flatMap(wordsOf))].filter((word) => !exclude.has(word));
}

/** A page a query found, with the words of its indexed text that matched. */
interface Hit {
	url: string;
	matched: string[];
}

/** Runs `queries` through Pagefind's JS API in `page`, whose `<html lang>` picks the index. */
async function searchAll(page: Page, queries: string[]): Promise<Record<string, Hit[]>> {
	// A string, not a function: vitest's transform would rewrite a function's import() for Node.
	// Pagefind's `locations` count the words of `content`, split on white space.
	return page.evaluate(`(async () => {
		const api = await import('/pagefind/pagefind.js');
		const found = {};
		for (const query of ${JSON.stringify(queries)}) {
			const search = await api.search(query);
			found[query] = await Promise.all(search.results.map(async (result) => {
				const data = await result.data();
				const words = data.content.split(/\\s+/);
				return { url: data.url, matched: data.locations.map((at) => words[at] ?? '<outside the content>') };
			}));
		}
		return found;
	})()`) as Promise<Record<string, Hit[]>>;
}

const urlsOf = (hits: Hit[] | undefined) => (hits ?? []).map((hit) => hit.url);

/**
 * The pages a query found through a word that is not the catalogue's: Pagefind's stemming and
 * accent folding let "fil" find "fils" of a transcript, which is the shopper's data, not a leak.
 */
function leaks(found: Record<string, Hit[]>, catalogue: Set<string>): Record<string, string[]> {
	const foreign = (word: string) =>
		wordsOf(word).length === 0 || wordsOf(word).some((part) => !catalogue.has(part));
	const fromInterface = (hit: Hit) => hit.matched.some(foreign);
	return Object.fromEntries(
		Object.entries(found)
			.map(
				([query, hits]) =>
					[
						query,
						hits.filter(fromInterface).map((hit) => `${hit.url} (${hit.matched.join(' ')})`),
					] as const,
			)
			.filter(([, urls]) => urls.length > 0),
	);
}

const prefix = (locale: string) => (locale === LOCALES[0] ? '' : `/${locale}`);
const pages = new Map<string, Page>();
async function pageIn(locale: string): Promise<Page> {
	if (!pages.has(locale)) {
		const page = await browser.newPage();
		expect(
			(await page.goto(`${server.origin}${prefix(locale)}/products/${POPULAR}/`))?.status(),
		).toBe(200);
		pages.set(locale, page);
	}
	return pages.get(locale)!;
}

describe('search: pagefind, in every language the package ships words for', () => {
	it('builds a product page, a further review page and an empty page in each language', () => {
		expect(LOCALES.length).toBeGreaterThan(8);
		for (const locale of LOCALES) {
			expect(
				existsSync(join(site.dist, prefix(locale), `products/${POPULAR}~reviews-2/index.html`)),
				locale,
			).toBe(true);
			expect(
				existsSync(join(site.dist, prefix(locale), `products/${LONELY.external_id}/index.html`)),
				locale,
			).toBe(true);
		}
	});

	it.each(LOCALES)(
		'finds no page of the %s index by a word of the interface, and the planted word on its review page',
		async (locale) => {
			const catalogue = catalogueWords();
			const words = interfaceWords(locale, catalogue);
			expect(
				words.length,
				'words left to search once the catalogue’s own are set aside',
			).toBeGreaterThan(30);
			// Quoted: an exact search, where Pagefind would otherwise fall back to words that start like the query.
			const found = await searchAll(
				await pageIn(locale),
				[PLANTED, ...words].map((word) => `"${word}"`),
			);
			expect(urlsOf(found[`"${PLANTED}"`]), 'the planted word, a positive control').toEqual([
				`${prefix(locale)}/products/${POPULAR}~reviews-2/`,
			]);
			expect(leaks(found, catalogue)).toEqual({});
		},
	);

	it('finds a page without a review in its language by its product’s name, never by its description', async () => {
		const french = await searchAll(await pageIn('fr'), ['"wobblefrost"']);
		expect(
			urlsOf(french['"wobblefrost"']),
			'a page with reviews is found by its description',
		).toEqual([`${prefix('fr')}/products/${LONELY.external_id}/`]);
		for (const locale of LOCALES.filter((other) => other !== 'fr')) {
			const found = await searchAll(await pageIn(locale), ['"yarnspindle"', '"wobblefrost"']);
			expect(urlsOf(found['"yarnspindle"']), locale).toEqual([
				`${prefix(locale)}/products/${LONELY.external_id}/`,
			]);
			expect(urlsOf(found['"wobblefrost"']), locale).toEqual([]);
		}
	});
});
