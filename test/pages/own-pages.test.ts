import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type HTMLElement, parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORD_KEYS } from '../../integration/src/words/words.js';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';
import { REPO_ROOT, sh } from '../helpers/shell.js';

// A site with its own layout, grid page and product route, against a catalogue whose refs need
// escaping and include case twins (slugs that depend on the other refs).
let sim: Simulator;
let site: BuiltSite;
const BASE = '/boutique';

beforeAll(async () => {
	sim = await startSimulator({ products: 12, locales: ['fr', 'en'], seed: 5, adversarial: true });
	site = await buildFixture('own-pages', { extends: 'basic', label: 'own-pages', env: siteEnv() });
}, 240_000);
afterAll(() => sim?.close());

function siteEnv(): Record<string, string> {
	return {
		AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
		AUDIO_REVIEWS_LOCALES: 'fr,en',
		FIXTURE_BASE: BASE,
	};
}

const page = async (urlPath: string) =>
	parse(await site.read(`${decodeURIComponent(urlPath.slice(BASE.length + 1))}index.html`));
const gridItems = async () => (await page(`${BASE}/`)).querySelectorAll('#grid li');

describe('own pages and links', () => {
	it('links every entry with productUrl to the page the integration wrote, base applied', async () => {
		const items = await gridItems();
		const entries =
			sim.listAll({ locale: 'fr', without: 'inactive' }).length +
			sim.listAll({ locale: 'en', without: 'inactive' }).length;
		expect(items).toHaveLength(entries);
		// Product pages only: the hub pages at /products/ and /products/~page-N/ list them.
		const injected = new Set(
			(await site.htmlFiles()).filter((file) =>
				/^\/(en\/)?products\/(?!index\.html$|~page-)/.test(file),
			),
		);
		expect(injected.size).toBe(entries);
		const linked = items.map((item) => item.querySelector('a')!.getAttribute('href')!);
		for (const href of linked) expect(href.startsWith(`${BASE}/`)).toBe(true);
		expect(
			new Set(linked.map((href) => `${decodeURIComponent(href.slice(BASE.length))}index.html`)),
		).toEqual(injected);
		// Case twins and escaped refs are in the catalogue: their slugs are not the refs.
		expect(linked.some((href) => href.includes('~'))).toBe(true);
		const twins = ['Shoe-1', 'shoe-1'].map(
			(ref) => items.find((item) => item.getAttribute('data-id') === `fr/${ref}`)!,
		);
		const twinLinks = twins.map((item) => item.querySelector('a')!.getAttribute('href')!);
		expect(twinLinks[0]).toMatch(/^\/boutique\/products\/shoe-1~[0-9a-f]{12}\/$/);
		expect(twinLinks[1]).toMatch(/^\/boutique\/products\/shoe-1~[0-9a-f]{12}\/$/);
		expect(twinLinks[0]).not.toBe(twinLinks[1]);
		// The second locale's pages sit under its prefix.
		expect(linked.filter((href) => href.startsWith(`${BASE}/en/products/`))).toHaveLength(
			sim.listAll({ locale: 'en', without: 'inactive' }).length,
		);
		// The grid sorts by the average the pages show.
		const averages = items.map((item) => Number(item.getAttribute('data-average') ?? -1));
		expect(averages).toEqual([...averages].sort((a, b) => b - a));
	});

	it('gives the own route the same slugs as the injected pages, and productUrl links to it', async () => {
		const items = await gridItems();
		for (const item of items) {
			const injected = item.querySelector('a')!.getAttribute('href')!;
			const own = item.querySelector('a.own')!.getAttribute('href')!;
			expect(own).toBe(injected.replace('/products/', '/shop/'));
			const html = await page(own);
			expect(html.querySelector('meta[property="product:retailer_item_id"], h1')).not.toBeNull();
		}
		expect(items.map((item) => item.getAttribute('data-locale')).sort()).toEqual(
			items.map((item) => (item.getAttribute('data-id')!.startsWith('en/') ? 'en' : 'fr')).sort(),
		);
	});

	it('passes astro check: the grid passes productUrl(entry) straight to href', async () => {
		await writeFile(
			join(site.root, 'tsconfig.json'),
			JSON.stringify({
				extends: 'astro/tsconfigs/strict',
				include: ['.astro/types.d.ts', 'src/**/*'],
			}),
		);
		const { stdout } = await sh(
			join(REPO_ROOT, 'node_modules/.bin/astro'),
			['check', '--root', site.root],
			site.root,
			siteEnv(),
		);
		expect(stdout).toMatch(/- 0 errors\s+- 0 warnings\s+- 0 hints/);
	});

	it('renders injected pages in the layout: its header, one title, the SEO tags in its head', async () => {
		const items = await gridItems();
		const first = items.find(
			(item) =>
				item.getAttribute('data-count') !== null && item.getAttribute('data-locale') === 'fr',
		)!;
		const html = await page(first.querySelector('a')!.getAttribute('href')!);
		expect(html.querySelector('#shop-header')!.textContent).toBe('Fixture shop');
		expect(html.querySelector('html')!.getAttribute('lang')).toBe('fr');
		const head = html.querySelector('head')!;
		expect(head.querySelectorAll('title')).toHaveLength(1);
		expect(head.querySelector('title')!.textContent).toMatch(/ \| Fixture shop$/);
		expect(head.querySelector('link[rel="canonical"]')!.getAttribute('href')).toMatch(
			/^https:\/\/shop\.example\/boutique\/products\//,
		);
		expect(head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);
		expect(html.querySelectorAll('h1')).toHaveLength(1);
		const average = Number(first.getAttribute('data-average'));
		const count = Number(first.getAttribute('data-count'));
		const expected = `Note moyenne de ${new Intl.NumberFormat('fr', { maximumFractionDigits: 2 }).format(average)} sur 5 (${count} avis)`;
		expect(text(html.querySelector('.aar-average')!)).toContain(expected);
		expect(html.querySelector('nav.aar-locales')!.getAttribute('aria-label')).toBe('Langues');
	});
});

describe('links to products that have no page', () => {
	it('fail the build when emptyProducts "skip" left the product without one, saying why and how to filter', async () => {
		const empty = sim
			.listAll({ locale: 'fr', without: 'inactive' })
			.find((product) => product.reviews.length === 0);
		expect(empty, 'the catalogue needs a product without reviews').toBeDefined();
		const failure = await buildFixture('own-pages', {
			extends: 'basic',
			label: 'own-pages-skip',
			child: true,
			env: {
				AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
				AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
				AUDIO_REVIEWS_LOCALES: 'fr,en',
				FIXTURE_EMPTY_PRODUCTS: 'skip',
			},
		}).then(
			() => undefined,
			(error: Error & { output?: string }) => error.output ?? error.message,
		);
		expect(failure).toMatch(
			/productUrl\(\): "(fr|en)\/[^"]+" has no page: it has no review, and emptyProducts: 'skip' writes no page for such products\. Filter them out \(entry\.data\.reviews\.length > 0\) before linking/,
		);
	}, 240_000);
});

describe('links to products of a collection productsLoader() did not load', () => {
	it('fail the build, saying productUrl() needs productsLoader() and how to declare it', async () => {
		const failure = await buildFixture('other-loader', { label: 'other-loader', child: true }).then(
			() => undefined,
			(error: Error & { output?: string }) => error.output ?? error.message,
		);
		expect(failure).toContain(
			'productUrl() knows no product of collection "products": it reads the refs productsLoader() records when it loads that collection, and no productsLoader() loaded it in this build or dev server. ' +
				'Load it with productsLoader() in src/content.config.ts (`products: defineCollection({ loader: productsLoader({ baseUrl, websiteId }) })`), or set audioReviews({ collection }) to the name of the collection it loads',
		);
	}, 240_000);
});

const text = (node: HTMLElement) => node.textContent.replace(/\s+/g, ' ').trim();

describe('build warnings (a one-locale "is" site)', () => {
	let single: Simulator;
	beforeAll(async () => {
		single = await startSimulator({ products: 3, locales: ['is'], seed: 8 });
	});
	afterAll(() => single?.close());
	const env = (extra: Record<string, string> = {}) => ({
		AUDIO_REVIEWS_BASE_URL: single.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: single.websiteId,
		AUDIO_REVIEWS_LOCALES: 'is',
		...extra,
	});

	it('name a locale without words and say how to add them', async () => {
		const built = await buildFixture('own-pages', {
			extends: 'basic',
			label: 'words-is',
			env: env(),
		});
		expect(built.output).toContain(
			'[astro-audio-reviews] No words for locale "is": its pages show English words ("Audio reviews"). ' +
				`Add them with audioReviews({ uiText: { "is": { reviews: '…', rated: '… {rating} …', … } } }) (words: ${WORD_KEYS.join(', ')}). ` +
				'Built-in words exist for en, fr, de, es, it, nl, pt, pt-BR, pl, sv, da',
		);
		const file = (await built.htmlFiles()).find((path) => path.startsWith('/products/'))!;
		// A single-locale page still has the loader's locale as its language.
		expect(
			parse(await built.read(file.slice(1)))
				.querySelector('html')!
				.getAttribute('lang'),
		).toBe('is');
	}, 240_000);

	it('name a layout without a head slot', async () => {
		const built = await buildFixture('own-pages', {
			extends: 'basic',
			label: 'no-head',
			env: env({ FIXTURE_LAYOUT: '/src/layouts/NoHead.astro' }),
		});
		expect(built.output).toMatch(
			/Layout \/src\/layouts\/NoHead\.astro renders no <slot name="head" \/> in its <head>: product pages such as \S+\/products\/\S+index\.html lack their canonical, hreflang, Open Graph and JSON-LD tags\. Add <slot name="head" \/> inside its <head>/,
		);
	}, 240_000);

	it('stay silent once uiText gives the locale all its words, which product and hub pages then show', async () => {
		// Placeholders kept where a phrase takes them (the config refuses others).
		const words = Object.fromEntries(WORD_KEYS.map((key) => [key, `${key} (is)`]));
		Object.assign(words, {
			reviews: 'Hljóðumsagnir',
			hub: 'Hljóðumsagnir um vörur',
			rated: '{rating} af 5',
			average: '{average} af 5 ({count})',
		});
		Object.assign(words, {
			hubPage: '{hub} {page}',
			hubDescription: '{count}',
			page: '{page}',
			describeEmpty: '{name}',
		});
		Object.assign(words, {
			describeRated: '{name} {average} {count}',
			describeHeard: '{name} {count}',
		});
		const built = await buildFixture('own-pages', {
			extends: 'basic',
			label: 'words-is-override',
			env: env({ FIXTURE_UI_TEXT: JSON.stringify({ is: words }) }),
		});
		expect(built.output).not.toContain('No words for locale');
		expect(built.output).not.toContain('lacks words');
		const hub = parse(await built.read('products/index.html'));
		expect(hub.querySelector('title')!.textContent).toBe('Hljóðumsagnir um vörur | Fixture shop');
		expect(hub.querySelector('html')!.getAttribute('lang')).toBe('is');
		expect(hub.querySelector('nav[aria-label="breadcrumb (is)"]')).not.toBeNull();
		expect(built.output).not.toContain('renders no <slot name="head" />');
		const withReviews = single
			.listAll({ locale: 'is', without: 'inactive' })
			.find((product) => product.reviews.length > 0)!;
		const html = parse(await built.read(`products/${withReviews.external_id}/index.html`));
		expect(html.querySelector('.aar-reviews h2')!.textContent).toBe('Hljóðumsagnir');
	}, 240_000);
});
