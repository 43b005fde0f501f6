import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import type { SimAudio } from '../../simulator/src/model.js';
import { type CodeBlock, DEFAULT_SITE, readDocs } from '../helpers/markdown.js';
import { outsideSitesFolder } from '../helpers/outside-site.js';
import { REPO_ROOT } from '../helpers/shell.js';

/**
 * What test/docs/recipes.test.ts builds from: the recipes of the docs grouped by site, the
 * simulator they are pointed at, and where each site is written, built and type-checked.
 */

export const recipes = readDocs()
	.flatMap((page) => page.blocks)
	.filter((block) => block.title);
/** The Cloudflare recipe's site: built and run in workerd by test/live/cloudflare-workerd.test.ts. */
export const WORKERD_SITE = 'cloudflare';
/** Sites built and run by tests of their own: workerd, and the functions of test/hosts/. */
const OWN_TESTS = new Set([WORKERD_SITE, 'netlify', 'vercel']);
export const sites = Map.groupBy(
	recipes.filter((block) => !OWN_TESTS.has(block.site ?? '')),
	(block) => block.site ?? DEFAULT_SITE,
);

/** The address recipes show; the test points it at the simulator. */
export const EXAMPLE_BASE_URL = 'https://api.example.com';
export const quickStart = (path: string) =>
	sites.get(DEFAULT_SITE)?.find((block) => block.title === path);
/** The simulator serves the website the README's quick start names, so its id needs no rewrite. */
export const EXAMPLE_WEBSITE_ID = /websiteId: '([0-9a-f-]{36})'/.exec(
	quickStart('src/content.config.ts')?.code ?? '',
)?.[1];
export const ASTRO = join(REPO_ROOT, 'node_modules/.bin/astro');
/** Refs a grid must link right: escaped ones, case twins, and the one the README's examples name. */
export const ODD_REFS = ['SKU-42', 'Shoe-1', 'shoe-1', 'red shoe', 'a/b'];
export const RECIPE_INDEXNOW_KEY = 'recipe-key-0123456789';
/** A single perfect rating, and 34 ratings averaging about 4.9: the README grid's order puts the second first. */
export const GRID_RATINGS = {
	'one-perfect': [5],
	'many-great': [...Array(30).fill(5), 4, 4, 4, 4],
};
export const SEO_NAMED = 'seo-named';

export function frenchReview(id: string, rating: number): SimAudio {
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

export let sim: Simulator;
/**
 * Where a site is built: under test/.tmp, where the global setup links
 * node_modules/astro-audio-reviews to this repository (Astro compiles the package's components
 * as it does in a shop's node_modules, inside the site's tree).
 */
export const siteRoot = (name: string) =>
	join(REPO_ROOT, 'test/.tmp', `recipes-${name}-${process.pid}`);
// Where copies are type-checked: outside the repository, no @types/node in reach, as in a shop's fresh site.
export const SITES = await outsideSitesFolder('aar-recipes-');
export const checkRoot = (name: string) => join(SITES, `recipes-${name}`);

/** Starts the simulator the recipes are pointed at, their odd refs and graded grid added; removes every site afterwards. */
export function useRecipeService(): void {
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
	});
}

/** The files of a site: its recipes, then what it lacks from the quick start, then a tsconfig. */
export function siteFiles(blocks: CodeBlock[]): Map<string, string> {
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

/** Writes a site where it is built; returns its folder. */
export async function writeSite(name: string, blocks: CodeBlock[]): Promise<string> {
	const root = siteRoot(name);
	await rm(root, { recursive: true, force: true });
	await writeFiles(root, siteFiles(blocks));
	return root;
}

async function writeFiles(root: string, files: Map<string, string>): Promise<void> {
	for (const [path, code] of files) {
		await mkdir(dirname(join(root, path)), { recursive: true });
		await writeFile(join(root, path), code.replaceAll(EXAMPLE_BASE_URL, sim.baseUrl));
	}
}

/** The files Astro's sync generates that the site's code is typed against, and the config they import. */
const COLLECTION_CONFIGS = ['src/content.config.ts', 'src/live.config.ts'];

/**
 * What a built site's files are type-checked against: the declarations its build's sync wrote in
 * .astro/ (`astro check` writes the same ones) and the collections config they import. Sites
 * with equal ones see equal types, so they are checked together in one project.
 */
export async function typesOf(root: string): Promise<Map<string, string>> {
	const generated = join(root, '.astro');
	if (!existsSync(join(generated, 'types.d.ts')))
		throw new Error(`${root}: no .astro/types.d.ts, its astro build did not get to its sync`);
	const types = new Map<string, string>();
	for (const name of (await readdir(generated)).filter((file) => file.endsWith('.d.ts')).sort())
		types.set(`.astro/${name}`, await readFile(join(generated, name), 'utf8'));
	for (const config of COLLECTION_CONFIGS)
		if (existsSync(join(root, config)))
			types.set(config, await readFile(join(root, config), 'utf8'));
	return types;
}

/**
 * Writes one project for `astro check --noSync` holding several sites of equal types (`typesOf`):
 * at its root their tsconfig, generated .astro/ declarations and collections config; each site's
 * files under `sites/<name>/`, where its relative imports resolve as in its own folder and
 * TypeScript walks up to the same outside `node_modules`. Returns how many files the check must
 * count: the explicitly included .astro/types.d.ts and every code file written.
 */
export async function writeCheckProject(
	project: string,
	types: Map<string, string>,
	members: Map<string, CodeBlock[]>,
): Promise<number> {
	const root = checkRoot(project);
	await rm(root, { recursive: true, force: true });
	const config = [...types].filter(([path]) => !path.startsWith('.astro/'));
	await writeFiles(root, new Map(config));
	await mkdir(join(root, '.astro'), { recursive: true });
	for (const [path, code] of types)
		if (path.startsWith('.astro/')) await writeFile(join(root, path), code);
	let files = 1 + config.length;
	for (const [name, blocks] of members) {
		const own = siteFiles(blocks);
		const tsconfig = own.get('tsconfig.json')!;
		own.delete('tsconfig.json');
		await writeFile(join(root, 'tsconfig.json'), tsconfig);
		await writeFiles(join(root, 'sites', name), own);
		files += own.size;
	}
	return files;
}
