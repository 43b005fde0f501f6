import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { sh } from '../helpers/shell.js';
import { traced } from '../helpers/trace.js';
import { siteDependencies } from './astro-minor-site.js';
import { installedSite, installedVersion, siteFolder } from './packed-site.js';

// A newcomer's site, from the packed tarball only: its own layout around the injected pages, its
// own grid linking with productUrl, the README's components example, words in nl (overridden)
// and de (built in), and `astro check`. The site is rebuilt per locale. Its install is the
// newest minor's of astro-minors.test.ts under test:compat when that is the repository's Astro.

const FILES: Record<string, string> = {
	'astro.config.mjs': `import { defineConfig } from 'astro/config';
import audioReviews from 'astro-audio-reviews';
export default defineConfig({
  site: 'https://shop.example',
  integrations: [audioReviews({ layout: '/src/layouts/Shop.astro', uiText: JSON.parse(process.env.SITE_UI_TEXT || '{}') })],
});
`,
	'src/layouts/Shop.astro': `---
import type { LayoutProps } from 'astro-audio-reviews/pages';
type Props = LayoutProps;
const { title, description, lang } = Astro.props;
---
<html lang={lang}>
  <head>
    <meta charset="utf-8" />
    <title>{title} | My shop</title>
    {description && <meta name="description" content={description} />}
    <slot name="head" />
  </head>
  <body>
    <header id="my-shop">My shop</header>
    <slot />
  </body>
</html>
`,
	'src/pages/index.astro': `---
import { getCollection } from 'astro:content';
import { RatingSummary, Stars } from 'astro-audio-reviews/components';
import { entryLocale, pageText, productName, productUrl, ratingSummary } from 'astro-audio-reviews/pages';
import Shop from '../layouts/Shop.astro';
const entries = await getCollection('products');
const cards = entries.map((entry) => ({ entry, rating: ratingSummary(entry) }));
cards.sort((a, b) => (b.rating?.average ?? -1) - (a.rating?.average ?? -1));
const lang = entries[0] ? (entryLocale(entries[0]) ?? 'en') : 'en';
const text = pageText(lang);
---
<Shop title="Best rated" lang={lang}>
  <ol id="grid">
    {cards.map(({ entry, rating }) => (
      <li data-ref={entry.data.external_id}>
        <a href={productUrl(entry)}>{productName(entry)}</a> {rating && <Stars value={rating.average} />} {rating && text('average', rating)}
        <RatingSummary entry={entry} levels={false} />
      </li>
    ))}
  </ol>
</Shop>
`,
	// The README's own-route recipe.
	'src/pages/shop/[ref].astro': `---
import { getProductStaticPaths, type ProductPageProps } from 'astro-audio-reviews/pages';
import { ProductPage } from 'astro-audio-reviews/components';

export const getStaticPaths = getProductStaticPaths;
type Props = ProductPageProps;
---
<ProductPage {...Astro.props} />
`,
	// The README's "Components for your own pages" example, for the first product.
	'src/pages/featured.astro': `---
import { getCollection, getEntry } from 'astro:content';
import { ProductHead, ProductJsonLd, AudioReviews } from 'astro-audio-reviews/components';
const [first] = await getCollection('products');
const entry = await getEntry('products', first!.id);
---
<html lang="de">
  <head><ProductHead entry={entry} canonical={Astro.url} /><ProductJsonLd entry={entry} /></head>
  <body><AudioReviews entry={entry} /></body>
</html>
`,
	'tsconfig.json': JSON.stringify({
		extends: 'astro/tsconfigs/strict',
		include: ['.astro/types.d.ts', 'src/**/*'],
	}),
};

/** The installed node_modules (shared), and this file's site beside it. */
let installed: string;
let site: string;
let sim: Simulator;

beforeAll(async () => {
	sim = await startSimulator({ products: 30, locales: ['nl', 'de'], seed: 21 });
	installed = await installedSite(await siteDependencies(await installedVersion('astro')));
	site = await siteFolder(installed, 'own-site');
	for (const [path, content] of Object.entries(FILES)) {
		await mkdir(join(site, path, '..'), { recursive: true });
		await writeFile(join(site, path), content);
	}
}, 900_000);

afterAll(async () => {
	await sim?.close();
	if (site) await rm(site, { recursive: true, force: true, maxRetries: 3 });
});

/** The content config of a one-locale shop (a literal config, as a user writes it). */
const contentConfig = (locale: string) => `import { defineCollection } from 'astro:content';
import { productsLoader } from 'astro-audio-reviews/loaders';
export const collections = {
  products: defineCollection({
    loader: productsLoader({ baseUrl: ${JSON.stringify(sim.baseUrl)}, websiteId: ${JSON.stringify(sim.websiteId)}, locale: ${JSON.stringify(locale)} }),
  }),
};
`;

async function buildFor(locale: string, uiText: object = {}) {
	await writeFile(join(site, 'src/content.config.ts'), contentConfig(locale));
	const { stdout, stderr } = await traced('build', { folder: 'own-site', env: { locale } }, () =>
		sh(join(installed, 'node_modules/.bin/astro'), ['build'], site, {
			SITE_UI_TEXT: JSON.stringify(uiText),
		}),
	);
	const read = async (path: string) =>
		parse(await readFile(join(site, 'dist', decodeURIComponent(path), 'index.html'), 'utf8'));
	return { log: stdout + stderr, read, products: sim.listAll({ locale, without: 'inactive' }) };
}

describe('a shop site of its own, from the packed tarball', () => {
	it('nl with overridden words: own layout, grid links by productUrl, words and numbers in Dutch', async () => {
		const { log, read, products } = await buildFor('nl', {
			nl: {
				reviews: 'Wat klanten zeggen',
				average: {
					one: 'Gemiddeld {average}/5 ({count} stem)',
					other: 'Gemiddeld {average}/5 ({count} stemmen)',
				},
			},
		});
		expect(log).not.toContain('No words for locale');
		const grid = await read('');
		const links = grid.querySelectorAll('#grid a').map((a) => a.getAttribute('href')!);
		expect(links).toHaveLength(products.length);
		const rated = products.find((product) =>
			product.reviews.some(
				(review) => review.type === 'review' && typeof review.rating === 'number',
			),
		)!;
		const card = grid.querySelector(`#grid li[data-ref="${rated.external_id}"]`)!;
		// Stars, RatingSummary and productName from the tarball's entry points, as a shop's own grid uses them.
		expect(card.querySelector('a')!.textContent).toBe(
			rated.name?.trim() || rated.seo_name?.trim() || rated.external_id,
		);
		// The grid's own Stars, then the summary's.
		expect(card.querySelectorAll('.aar-stars')).toHaveLength(2);
		expect(card.querySelector('.aar-summary .aar-counts')!.textContent).toMatch(
			/^\d+ beoordeling(en)?\b/,
		);
		const link = card.querySelector('a')!.getAttribute('href')!;
		expect(link).toBe(`/products/${rated.external_id}/`);
		for (const href of links)
			expect(existsSync(join(site, 'dist', href, 'index.html')), href).toBe(true);
		const page = await read(link);
		expect(page.querySelector('#my-shop')!.textContent).toBe('My shop');
		expect(page.querySelector('html')!.getAttribute('lang')).toBe('nl');
		expect(page.querySelectorAll('title')).toHaveLength(1);
		expect(page.querySelector('head link[rel="canonical"]')!.getAttribute('href')).toBe(
			`https://shop.example${link}`,
		);
		expect(
			page.querySelector(
				'head meta[property="product:retailer_item_id"], head script[type="application/ld+json"]',
			),
		).not.toBeNull();
		expect(page.querySelector('.aar-reviews h2')!.textContent).toBe('Wat klanten zeggen');
		expect(page.querySelector('.aar-average')!.textContent).toMatch(
			/Gemiddeld \d(,\d+)?\/5 \(\d+ stem(men)?\)/,
		);
		expect(page.querySelector('.aar-rating-text')!.textContent).toMatch(
			/^\d(,\d+)? van de 5 sterren$/,
		);
	}, 600_000);

	it('de with built-in words, and the README components example with an entry', async () => {
		const { log, read, products } = await buildFor('de');
		expect(log).not.toContain('No words for locale');
		const withReviews = products.find((product) => product.reviews.length > 0)!;
		const page = await read(`products/${withReviews.external_id}`);
		expect(page.querySelector('html')!.getAttribute('lang')).toBe('de');
		expect(page.querySelector('.aar-reviews h2')!.textContent).toBe('Audiobewertungen');
		expect(
			(await read(`shop/${withReviews.external_id}`)).querySelector('#my-shop'),
		).not.toBeNull();
		const featured = await read('featured');
		expect(featured.querySelector('title')).not.toBeNull();
	}, 600_000);

	it('passes astro check with no errors, warnings or hints', async () => {
		const { stdout } = await traced('check', { folder: 'own-site' }, () =>
			sh(join(installed, 'node_modules/.bin/astro'), ['check'], site),
		);
		expect(stdout).toMatch(/- 0 errors\s+- 0 warnings\s+- 0 hints/);
	}, 600_000);
});
