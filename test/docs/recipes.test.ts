import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REVIEWS_PER_PAGE } from '../../integration/src/options/integration-options.js';
import { reviewPageCount } from '../../integration/src/routing/review-pages.js';
import { ratingSummary } from '../../integration/src/seo/review-policy.js';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import type { SimAudio } from '../../simulator/src/model.js';
import { type BuiltSite, buildFolder } from '../helpers/build-fixture.js';
import { type CodeBlock, DEFAULT_SITE, readDocs } from '../helpers/markdown.js';
import { outsideSitesFolder } from '../helpers/outside-site.js';
import { REPO_ROOT, sh } from '../helpers/shell.js';

// Docs that cannot rot: every code block of README.md and docs/*.md marked as a recipe
// (```astro title="src/pages/index.astro" site="…"```) is written into its site, which is built
// with `astro build` against the simulator and checked with `astro check`; recipes under
// scripts/ are run with Node. A site lacking a config takes the README's quick start's.
const recipes = readDocs()
	.flatMap((page) => page.blocks)
	.filter((block) => block.title);
const sites = Map.groupBy(recipes, (block) => block.site ?? DEFAULT_SITE);

/** The address recipes show; the test points it at the simulator. */
const EXAMPLE_BASE_URL = 'https://api.example.com';
const quickStart = (path: string) => sites.get(DEFAULT_SITE)?.find((block) => block.title === path);
/** The simulator serves the website the README's quick start names, so its id needs no rewrite. */
const EXAMPLE_WEBSITE_ID = /websiteId: '([0-9a-f-]{36})'/.exec(
	quickStart('src/content.config.ts')?.code ?? '',
)?.[1];
const ASTRO = join(REPO_ROOT, 'node_modules/.bin/astro');
/** Refs a grid must link right: escaped ones, case twins, and the one the README's examples name. */
const ODD_REFS = ['SKU-42', 'Shoe-1', 'shoe-1', 'red shoe', 'a/b'];
const RECIPE_INDEXNOW_KEY = 'recipe-key-0123456789';
/** A single perfect rating, and 34 ratings averaging about 4.9: the README grid's order puts the second first. */
const GRID_RATINGS = { 'one-perfect': [5], 'many-great': [...Array(30).fill(5), 4, 4, 4, 4] };
const SEO_NAMED = 'seo-named';

function frenchReview(id: string, rating: number): SimAudio {
	return {
		id,
		type: 'review',
		rating,
		audio_url: `https://cdn.example.com/fr/${id}.mp3`,
		is_active: true,
		is_default: false,
		transcript: `Transcript ${id}.`,
		user: { id },
		locale: 'fr',
		validated: true,
		awaitingValidation: false,
	};
}

let sim: Simulator;
/**
 * Where a site is built: under test/.tmp, where the global setup links
 * node_modules/astro-audio-reviews to this repository (Astro compiles the package's components
 * as it does in a shop's node_modules, inside the site's tree).
 */
const siteRoot = (name: string) => join(REPO_ROOT, 'test/.tmp', `recipes-${name}-${process.pid}`);
// Where its copy is type-checked: outside the repository, no @types/node in reach, as in a shop's fresh site.
const SITES = await outsideSitesFolder('aar-recipes-');
const checkRoot = (name: string) => join(SITES, `recipes-${name}`);

beforeAll(async () => {
	if (!existsSync(join(REPO_ROOT, 'integration/dist/entries/pages.js')))
		throw new Error(
			'integration/dist is missing: run `npm run build:pkg` (npm test does) before this test',
		);
	sim = await startSimulator({
		products: 12,
		locales: ['fr', 'en'],
		seed: 19,
		websiteId: EXAMPLE_WEBSITE_ID,
	});
	for (const external_id of ODD_REFS)
		sim.addProduct({
			external_id,
			name: `Product ${external_id}`,
			seo_name: `Product ${external_id}`,
		});
	for (const [external_id, ratings] of Object.entries(GRID_RATINGS)) {
		sim.addProduct({
			external_id,
			name: `Product ${external_id}`,
			reviews: ratings.map((rating, i) => frenchReview(`${external_id}-${i}`, rating)),
		});
	}
	// Without a name, its page's <h1> (and so the grid) shows its seo_name.
	sim.addProduct({ external_id: SEO_NAMED, name: undefined, seo_name: 'Seo-named product' });
});

afterAll(async () => {
	await sim?.close();
	await rm(SITES, { recursive: true, force: true });
	for (const name of sites.keys()) await rm(siteRoot(name), { recursive: true, force: true });
	await rm(siteRoot('node-globals'), { recursive: true, force: true });
});

it('finds the recipes of the README and of the docs, in more than one site', () => {
	expect(
		quickStart('astro.config.mjs'),
		'the README quick start has an astro.config.mjs recipe',
	).toBeDefined();
	expect(EXAMPLE_WEBSITE_ID, 'the README quick start names a websiteId').toBeDefined();
	expect(recipes.length).toBeGreaterThan(8);
	expect(sites.size).toBeGreaterThan(2);
	const files = new Set(recipes.map((block) => block.file));
	expect([...files]).toEqual(expect.arrayContaining(['README.md', 'docs/pages-and-seo.md']));
});

/** The files of a site: its recipes, then what it lacks from the quick start, then a tsconfig. */
function siteFiles(blocks: CodeBlock[]): Map<string, string> {
	const files = new Map<string, string>();
	for (const block of blocks) {
		if (files.has(block.title!))
			throw new Error(
				`${block.file}:${block.line}: a second recipe for ${block.title} in its site`,
			);
		files.set(block.title!, block.code);
	}
	if (!files.has('astro.config.mjs'))
		files.set('astro.config.mjs', quickStart('astro.config.mjs')!.code);
	if (!files.has('src/content.config.ts') && !files.has('src/live.config.ts'))
		files.set('src/content.config.ts', quickStart('src/content.config.ts')!.code);
	// preserveSymlinks: TypeScript walks up from the linked packages (no @types/node above them),
	// not from the repository they link to (whose node_modules holds one).
	files.set(
		'tsconfig.json',
		JSON.stringify({
			extends: 'astro/tsconfigs/strict',
			compilerOptions: { allowJs: true, checkJs: true, preserveSymlinks: true },
			include: ['.astro/types.d.ts', '**/*'],
			exclude: ['dist'],
		}),
	);
	return files;
}

/** Writes a site where it is built and where it is checked; returns the first. */
async function writeSite(name: string, blocks: CodeBlock[]): Promise<string> {
	for (const root of [siteRoot(name), checkRoot(name)]) {
		await rm(root, { recursive: true, force: true });
		for (const [path, code] of siteFiles(blocks)) {
			await mkdir(dirname(join(root, path)), { recursive: true });
			await writeFile(join(root, path), code.replaceAll(EXAMPLE_BASE_URL, sim.baseUrl));
		}
	}
	return siteRoot(name);
}

for (const [name, blocks] of sites) {
	describe(`recipe site "${name}" (${blocks.map((block) => block.title).join(', ')})`, () => {
		let root: string;
		let site: BuiltSite;
		// Recipes that read the service's address from the environment (on demand) get the simulator's;
		// IndexNow recipes get a key in the protocol's format, as a build environment holds one.
		const env = () => ({
			AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
			AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
			INDEXNOW_KEY: RECIPE_INDEXNOW_KEY,
		});

		beforeAll(async () => {
			root = await writeSite(name, blocks);
			site = await buildFolder(root, { child: true, env: env() }).catch(
				(error: Error & { output?: string }) => {
					throw new Error(`${error.message} in ${root}:\n${error.output ?? ''}`);
				},
			);
		}, 300_000);

		it('builds with astro build', async () => {
			expect(site.output).toMatch(/Complete!/);
			// A server recipe (an adapter) may pre-render nothing: its output is the server entry.
			if (blocks.some((block) => /adapter:/.test(block.code)))
				expect(existsSync(join(root, 'dist/server/entry.mjs'))).toBe(true);
			else expect((await site.htmlFiles()).length).toBeGreaterThan(0);
			if (blocks.some((block) => /indexNow:/.test(block.code)))
				expect(site.output, 'an IndexNow recipe writes its key file').toContain(
					`${RECIPE_INDEXNOW_KEY}.txt`,
				);
		});

		it('passes astro check (types of .astro, .ts and .mjs files) with no errors, warnings or hints', async () => {
			const { stdout } = await sh(
				ASTRO,
				['check', '--root', checkRoot(name)],
				checkRoot(name),
				env(),
			);
			expect(stdout).toMatch(/- 0 errors\s+- 0 warnings\s+- 0 hints/);
		}, 300_000);

		for (const script of blocks.filter((block) => block.title!.startsWith('scripts/'))) {
			it(`runs ${script.title} with Node`, async () => {
				await sh(process.execPath, [script.title!], root);
			});
		}
	});
}

it("fails astro check on a file that reads Node's `process`, as a shop's fresh site without @types/node does", async () => {
	// The control of the check above: were @types/node reachable from the recipe sites, it would pass.
	const nodeGlobal: CodeBlock = {
		file: 'test/docs/recipes.test.ts',
		line: 0,
		lang: 'ts',
		title: 'src/node-global.ts',
		fragment: false,
		code: 'export const mode = process.env.NODE_ENV;\n',
	};
	await writeSite('node-globals', [nodeGlobal]);
	const root = checkRoot('node-globals');
	const failure = await sh(ASTRO, ['check', '--root', root], root, {
		AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
	}).then(
		() => 'passed',
		(error: Error) => error.message,
	);
	expect(failure).toMatch(/Cannot find name 'process'/);
}, 300_000);

describe('what the README recipes build', () => {
	const dist = () => join(siteRoot(DEFAULT_SITE), 'dist');
	const read = async (path: string) => parse(await readFile(join(dist(), path), 'utf8'));

	it('links every product of the grid to a page that exists, odd refs and case twins included', async () => {
		const grid = await read('index.html');
		const links = grid.querySelectorAll('ul a').map((a) => a.getAttribute('href')!);
		const frenchProducts = sim.listAll({ locale: 'fr', without: 'inactive' });
		expect(links).toHaveLength(frenchProducts.length);
		expect(new Set(links).size).toBe(links.length);
		for (const href of links)
			expect(existsSync(join(dist(), decodeURIComponent(href), 'index.html')), href).toBe(true);
		const byName = (name: string) =>
			grid
				.querySelectorAll('ul a')
				.find((a) => a.textContent === name)!
				.getAttribute('href');
		expect(byName('Product SKU-42')).toBe('/products/SKU-42/');
		expect(byName('Product Shoe-1')).toMatch(/^\/products\/shoe-1~[0-9a-f]{12}\/$/);
		expect(byName('Product shoe-1')).toMatch(/^\/products\/shoe-1~[0-9a-f]{12}\/$/);
		expect(byName('Product red shoe')).toMatch(/^\/products\/red-shoe~[0-9a-f]{12}\/$/);
	});

	it('names products as their pages do and puts many good ratings before a single perfect one, each with its summary', async () => {
		const grid = await read('index.html');
		const names = grid.querySelectorAll('ul a').map((a) => a.textContent);
		expect(names).toContain('Seo-named product');
		expect(names.indexOf('Product many-great')).toBeLessThan(names.indexOf('Product one-perfect'));
		const card = grid
			.querySelectorAll('ul li')
			.find((li) => li.querySelector('a')!.textContent === 'Product many-great')!;
		expect(card.querySelector('.aar-summary .aar-counts')!.textContent).toBe('34 avis');
		expect(card.querySelector('.aar-levels')).toBeNull();
	});

	it('builds the cards example with Stars and RatingSummary from the components entry point', async () => {
		const cards = await read('cards/index.html');
		const card = cards.querySelector(`article[data-ref="${ODD_REFS[0]}"]`)!;
		expect(card.querySelector('h2 a')!.textContent).toBe(`Product ${ODD_REFS[0]}`);
		const rated = cards
			.querySelectorAll('article')
			.find((article) => article.querySelector('.aar-average'))!;
		expect(rated.querySelector('p > .aar-stars')).not.toBeNull();
		expect(rated.querySelectorAll('.aar-levels li')).toHaveLength(5);
	});

	it('renders the own route and the components example', async () => {
		const own = await read('shop/SKU-42/index.html');
		expect(own.querySelector('h1')!.textContent).toBe('Product SKU-42');
		const featured = await read('featured/index.html');
		expect(featured.querySelector('title')!.textContent).toContain('Product SKU-42');
		expect(featured.querySelector('script[type="application/ld+json"]')).not.toBeNull();
	});
});

describe('what the search recipe builds', () => {
	const dist = () => join(siteRoot('search'), 'dist');

	it('marks the product pages up, shows the search box, and astro-pagefind writes the index of each language', async () => {
		const rated = sim
			.listAll({ locale: 'fr', without: 'inactive' })
			.find((product) => ratingSummary(product) && !ODD_REFS.includes(product.external_id))!;
		const page = parse(
			await readFile(join(dist(), `products/${rated.external_id}/index.html`), 'utf8'),
		);
		const level = Math.floor(ratingSummary(rated)!.average);
		expect(
			page.querySelector('article[data-pagefind-body]')?.getAttribute('data-pagefind-filter'),
		).toBe(`stars:${level}`);
		expect(
			page.querySelector('[role="search"] pagefind-filter-dropdown')?.getAttribute('filter'),
		).toBe('stars');
		const entry = JSON.parse(await readFile(join(dist(), 'pagefind/pagefind-entry.json'), 'utf8'));
		expect(Object.keys(entry.languages).sort()).toEqual(['en', 'fr']);
		const pages = Object.values(entry.languages as Record<string, { page_count: number }>).reduce(
			(sum, language) => sum + language.page_count,
			0,
		);
		// Every product page and further review page of a popular product, each of its transcripts.
		const productPages = ['fr', 'en'].reduce(
			(sum, locale) =>
				sum +
				sim
					.listAll({ locale, without: 'inactive' })
					.reduce(
						(pagesOf, product) =>
							pagesOf + reviewPageCount(product.reviews.length, DEFAULT_REVIEWS_PER_PAGE),
						0,
					),
			0,
		);
		expect(pages, 'product and review pages only: hub pages are not indexed').toBe(productPages);
	});
});
