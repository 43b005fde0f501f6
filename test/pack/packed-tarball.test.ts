import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REVIEWS_PER_PAGE } from '../../integration/src/options/page-settings.js';
import { reviewPageCount } from '../../integration/src/routing/review-pages.js';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { REPO_ROOT, sh } from '../helpers/shell.js';
import { traced } from '../helpers/trace.js';
import { installedSite, packedTarball, siteFolder } from './packed-site.js';

const pkg = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as {
	version: string;
	devDependencies: Record<string, string>;
};
const astroVersion = (
	JSON.parse(await readFile(join(REPO_ROOT, 'node_modules/astro/package.json'), 'utf8')) as {
		version: string;
	}
).version;

/** What every shop downloads into node_modules: code, types and the docs' text, no pictures. */
const MAX_PACKED_KB = 600;

let site: string;
let sim: Simulator;
let tarball: string;

/** The installed node_modules (astro, TypeScript and the tarball only), and this file's site. */
let installed: string;
const bin = (name: string) => join(installed, 'node_modules/.bin', name);

beforeAll(async () => {
	// Outside the repository, so nothing resolves from its node_modules: only what the tarball brings.
	sim = await startSimulator({ products: 1_000, locales: ['fr', 'en'], seed: 99 });
	tarball = await packedTarball();
	installed = await installedSite({
		dependencies: { astro: astroVersion },
		devDependencies: { typescript: pkg.devDependencies.typescript! },
	});
	site = await siteFolder(installed, 'consumer-site');
	await writeFile(
		join(site, 'astro.config.mjs'),
		`import { defineConfig } from 'astro/config';\nimport audioReviews from 'astro-audio-reviews';\nexport default defineConfig({ site: 'https://shop.example', integrations: [audioReviews()] });\n`,
	);
	await mkdir(join(site, 'src/pages'), { recursive: true });
	await writeFile(
		join(site, 'src/content.config.ts'),
		`import { defineCollection } from 'astro:content';
import { productsLoader } from 'astro-audio-reviews/loaders';
export const collections = {
  products: defineCollection({
    loader: productsLoader({ baseUrl: ${JSON.stringify(sim.baseUrl)}, websiteId: ${JSON.stringify(sim.websiteId)}, locales: ['fr', 'en'] }),
  }),
};
`,
	);
	await writeFile(
		join(site, 'src/pages/index.astro'),
		`---
import { getCollection } from 'astro:content';
import { ProductJsonLd } from 'astro-audio-reviews/components';
const entries = await getCollection('products');
---
<html lang="en"><head><title>{entries.length}</title><ProductJsonLd entry={entries[0]!} /></head><body><p id="count">{entries.length}</p></body></html>
`,
	);
	// Typed entries: this must type-check, and each @ts-expect-error line must be an error (so `data` is not `any`).
	await writeFile(
		join(site, 'src/typed.ts'),
		`import { getCollection, getEntry } from 'astro:content';
import type { Product } from 'astro-audio-reviews/schema';
import { createClient, NotFoundError } from 'astro-audio-reviews/client';
export async function typed() {
  const entries = await getCollection('products');
  const first: Product = entries[0]!.data;
  const transcript: string | undefined = first.reviews[0]?.transcript;
  const rating: number | undefined = entries[0]!.data.reviews[0]?.rating;
  // @ts-expect-error not a field of Product
  entries[0]!.data.not_a_field;
  // @ts-expect-error rating is a number
  const wrong: string = entries[0]!.data.reviews[0]!.rating;
  const one = await getEntry('products', 'fr/SKU-00001');
  const client = createClient({ baseUrl: 'https://api.example.com', websiteId: '7c9e6679-7425-40de-944b-e07fc1f90ae7' });
  return [transcript, rating, wrong, one?.data.external_id, client, NotFoundError];
}
`,
	);
	await writeFile(
		join(site, 'tsconfig.json'),
		JSON.stringify({
			extends: 'astro/tsconfigs/strict',
			include: ['.astro/types.d.ts', 'src/**/*'],
		}),
	);
}, 900_000);

afterAll(async () => {
	await sim?.close();
	if (site) await rm(site, { recursive: true, force: true, maxRetries: 3 });
});

describe('the packed tarball in a fresh Astro 7 site', () => {
	it('ships only the public entry points', async () => {
		const shipped = join(installed, 'node_modules/astro-audio-reviews');
		const manifest = JSON.parse(await readFile(join(shipped, 'package.json'), 'utf8')) as {
			exports: Record<string, unknown>;
			version: string;
		};
		expect(Object.keys(manifest.exports)).toEqual(
			expect.arrayContaining(['.', './loaders', './client', './schema', './components', './live']),
		);
		expect(manifest.version).toBe(pkg.version);
		const top = await readdir(shipped);
		expect(top).not.toContain('test');
		expect(top).not.toContain('src');
		// docs/ ships so that the README's relative links resolve in node_modules too.
		expect(top).toEqual(
			expect.arrayContaining(['LICENSE', 'CHANGELOG.md', 'README.md', 'simulator', 'docs']),
		);
		const { stdout } = await sh('tar', ['tzf', tarball], REPO_ROOT);
		expect(stdout.split('\n').filter((path) => path.endsWith('.map'))).toEqual([]);
		expect(stdout).not.toMatch(/^package\/(integration|simulator)\/src\//m);
	});

	it(`downloads no picture and stays under ${MAX_PACKED_KB} KB packed`, async () => {
		const { stdout } = await sh('tar', ['tzf', tarball], REPO_ROOT);
		const paths = stdout.split('\n').filter(Boolean);
		expect(paths.length).toBeGreaterThan(50);
		// The docs show their pictures from the repository by absolute URL, as npm's page needs.
		expect(paths.filter((path) => /\.(png|jpe?g|gif|webp|avif|svg|ico)$/i.test(path))).toEqual([]);
		expect(paths).toEqual(expect.arrayContaining(['package/README.md', 'package/docs/search.md']));
		expect((await stat(tarball)).size / 1024).toBeLessThan(MAX_PACKED_KB);
	});

	it('passes publint and arethetypeswrong', async () => {
		await traced('publint', {}, () => sh('publint', ['run', tarball, '--strict'], REPO_ROOT));
		// ESM-only like Astro itself, so CommonJS and node10 resolution do not apply. `./components`
		// is the source `.ts` that re-exports `.astro` files, as Astro component packages ship
		// them: only Astro's compiler resolves those, which the build below exercises.
		await sh(
			'attw',
			[tarball, '--profile', 'esm-only', '--exclude-entrypoints', './components'],
			REPO_ROOT,
		);
	}, 600_000);

	it('ships the simulator as the audio-reviews-simulator bin and the simulator entry point', async () => {
		const help = await sh(bin('audio-reviews-simulator'), ['--help'], site);
		expect(help.stdout).toContain('--control');
		const script = `import { startSimulator } from 'astro-audio-reviews/simulator';
const sim = await startSimulator({ products: 3 });
const list = await (await fetch(sim.baseUrl + '/ws/websites/' + sim.websiteId + '/products')).json();
console.log(list.count_item);
await sim.close();`;
		const { stdout } = await sh('node', ['--input-type=module', '-e', script], site);
		expect(stdout.trim()).toBe('3');
	});

	it('loads 1,000 products in 2 locales with astro build and writes their pages', async () => {
		const { stdout, stderr } = await traced('build', { folder: 'consumer-site' }, () =>
			sh(bin('astro'), ['build'], site),
		);
		// Source maps whose sources are not shipped make Vite warn once per module of the package.
		expect(`${stdout}\n${stderr}`).not.toMatch(/sourcemap|missing source/i);
		const fr = sim.listAll({ locale: 'fr', without: 'inactive' });
		const en = sim.listAll({ locale: 'en', without: 'inactive' });
		const index = await readFile(join(site, 'dist/index.html'), 'utf8');
		expect(index).toContain(`<p id="count">${fr.length + en.length}</p>`);
		// Hub pages (`index.html`, `~page-<n>/`) sit next to the product pages and, for a popular
		// product, its further review pages (`<ref>~reviews-<n>/`).
		const productDirs = (entries: string[]) =>
			entries.filter((name) => name !== 'index.html' && !name.startsWith('~page-'));
		const pagesOf = (products: typeof fr) =>
			products.reduce(
				(sum, product) => sum + reviewPageCount(product.reviews.length, DEFAULT_REVIEWS_PER_PAGE),
				0,
			);
		const frPages = productDirs(await readdir(join(site, 'dist/products')));
		const enPages = productDirs(await readdir(join(site, 'dist/en/products')));
		expect(frPages.filter((name) => !name.includes('~reviews-'))).toHaveLength(fr.length);
		expect(enPages.filter((name) => !name.includes('~reviews-'))).toHaveLength(en.length);
		expect(frPages).toHaveLength(pagesOf(fr));
		expect(enPages).toHaveLength(pagesOf(en));
		const page = await readFile(
			join(site, 'dist/products', fr[0]!.external_id, 'index.html'),
			'utf8',
		);
		expect(page).toContain('<link rel="canonical" href="https://shop.example/products/');
	}, 600_000);

	it("ships the audio-reviews bin: `audio-reviews indexnow` reads the build's change report", async () => {
		const help = await sh(bin('audio-reviews'), ['indexnow', '--help'], site);
		expect(help.stdout).toContain('Usage: audio-reviews indexnow');
		// The consumer site builds without `indexNow`: the command says how to turn it on and sends nothing.
		const refused = await sh(bin('audio-reviews'), ['indexnow'], site).then(
			() => '',
			(error: Error) => error.message,
		);
		expect(refused).toContain('written by a build without the `indexNow` option');
	}, 600_000);

	it('gives typed entries (astro sync + tsc)', async () => {
		await traced('sync', { folder: 'consumer-site' }, () => sh(bin('astro'), ['sync'], site));
		const types = await readFile(join(site, '.astro/content.d.ts'), 'utf8');
		expect(types).toContain('"products"');
		// astro check type-checks .astro files; the @ts-expect-error proves `data` is not `any`.
		await traced('tsc', { folder: 'consumer-site' }, () =>
			sh(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'], site),
		);
	}, 600_000);
});
