import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REVIEWS_PER_PAGE } from '../../integration/src/options/page-settings.js';
import { reviewPageCount } from '../../integration/src/routing/review-pages.js';
import { ratingSummary } from '../../integration/src/seo/review-policy.js';
import { type BuiltSite, buildFolder } from '../helpers/build-fixture.js';
import { type CodeBlock, DEFAULT_SITE } from '../helpers/markdown.js';
import { sh } from '../helpers/shell.js';
import {
	ASTRO,
	checkRoot,
	EXAMPLE_WEBSITE_ID,
	ODD_REFS,
	quickStart,
	RECIPE_INDEXNOW_KEY,
	recipes,
	sim,
	siteRoot,
	sites,
	typesOf,
	useRecipeService,
	writeCheckProject,
	writeSite,
} from './recipe-sites.js';

// Docs that cannot rot: every code block of README.md and docs/*.md marked as a recipe
// (```astro title="src/pages/index.astro" site="…"```) is written into its site, which is built
// with `astro build` against the simulator and checked with `astro check`; recipes under
// scripts/ are run with Node. A site lacking a config takes the README's quick start's.

useRecipeService();

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

// Recipes that read the service's address from the environment (on demand) get the simulator's;
// IndexNow recipes get a key in the protocol's format, as a build environment holds one.
const env = () => ({
	AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
	AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
	INDEXNOW_KEY: RECIPE_INDEXNOW_KEY,
});

for (const [name, blocks] of sites) {
	describe(`recipe site "${name}" (${blocks.map((block) => block.title).join(', ')})`, () => {
		let root: string;
		let site: BuiltSite;

		beforeAll(async () => {
			root = await writeSite(name, blocks);
			site = await buildFolder(root, { env: env() }).catch((error: Error & { output?: string }) => {
				throw new Error(`${error.message} in ${root}:\n${error.output ?? ''}`);
			});
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

		for (const script of blocks.filter((block) => block.title!.startsWith('scripts/'))) {
			it(`runs ${script.title} with Node`, async () => {
				await sh(process.execPath, [script.title!], root);
			});
		}
	});
}

/**
 * `astro check` over the built sites: each TypeScript program costs the same ~12 s of CPU
 * whether it holds one site or ten, so the sites whose builds generated the same types (`typesOf`)
 * are checked in one project, from the declarations their builds wrote (`--noSync`: a sync
 * would only write them again, fetching the catalogue once more).
 */
describe('astro check of the recipe sites', () => {
	let groups: Promise<Map<string, Promise<{ stdout: string; files: number }>>> | undefined;
	const checks = () => {
		groups ??= (async () => {
			const byTypes = new Map<string, { types: Map<string, string>; members: string[] }>();
			const checked = new Map<string, Promise<{ stdout: string; files: number }>>();
			for (const name of sites.keys()) {
				// A site whose build failed has no types: its check fails, the others still run.
				const types = await typesOf(siteRoot(name)).catch((error: Error) => error);
				if (types instanceof Error) {
					const failed = Promise.reject(types);
					failed.catch(() => undefined);
					checked.set(name, failed);
					continue;
				}
				const key = JSON.stringify([...types]);
				const group = byTypes.get(key);
				if (group) group.members.push(name);
				else byTypes.set(key, { types, members: [name] });
			}
			let run = Promise.resolve();
			for (const [index, { types, members }] of [...byTypes.values()].entries()) {
				// One after the other: two TypeScript programs at once only share the cores.
				const result = run.then(async () => {
					const project = `check-${index}`;
					const files = await writeCheckProject(
						project,
						types,
						new Map(members.map((member) => [member, sites.get(member)!])),
					);
					const { stdout } = await sh(
						ASTRO,
						['check', '--noSync', '--root', checkRoot(project)],
						checkRoot(project),
					);
					return { stdout, files };
				});
				run = result.then(
					() => undefined,
					() => undefined,
				);
				for (const member of members) checked.set(member, result);
			}
			return checked;
		})();
		return groups;
	};

	for (const name of sites.keys()) {
		it(`recipe site "${name}" passes astro check (types of .astro, .ts and .mjs files) with no errors, warnings or hints`, async () => {
			const { stdout, files } = await (await checks()).get(name)!;
			expect(stdout, "every file of the sites checked together, this one's included").toContain(
				`Result (${files} files)`,
			);
			expect(stdout).toMatch(/- 0 errors\s+- 0 warnings\s+- 0 hints/);
		}, 300_000);
	}
});

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
	// Laid out as the checks above are, with the types of the README's site.
	await writeCheckProject(
		'node-globals',
		await typesOf(siteRoot(DEFAULT_SITE)),
		new Map([['node-globals', [nodeGlobal]]]),
	);
	const root = checkRoot('node-globals');
	const failure = await sh(ASTRO, ['check', '--noSync', '--root', root], root).then(
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

describe('what the i18n recipe builds', () => {
	it("links its locale home pages and their hubs under the site's `base`, as the docs print them", async () => {
		const dist = join(siteRoot('i18n'), 'dist');
		const hrefs = async (path: string) =>
			parse(await readFile(join(dist, path), 'utf8'))
				.querySelectorAll('a')
				.map((a) => a.getAttribute('href')!);
		expect(await hrefs('index.html')).toEqual(['/boutique/fr/', '/boutique/en/']);
		for (const locale of ['fr', 'en']) {
			const links = await hrefs(`${locale}/index.html`);
			expect(links).toContain(`/boutique/${locale}/products/`);
			for (const href of links) expect(href).toMatch(new RegExp(`^/boutique/${locale}/`));
		}
	});
});
