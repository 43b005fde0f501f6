import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFolder } from '../helpers/build-fixture.js';
import { readDocs } from '../helpers/markdown.js';
import { outsideSitesFolder } from '../helpers/outside-site.js';
import { REPO_ROOT, sh } from '../helpers/shell.js';
import { startWranglerDev, type WranglerDev } from './wrangler-dev.js';

// docs/on-demand.md, "On Cloudflare Workers": its recipe as written (wrangler.jsonc, astro.config.mjs,
// .dev.vars) with the live collection and pages of the on-demand recipe, built with
// @astrojs/cloudflare and run in workerd under `wrangler dev`, no compatibility flag, on the
// oldest date the docs promise and on the newest the adapter's workerd accepts.

const recipes = readDocs()
	.flatMap((page) => page.blocks)
	.filter((block) => block.title);
const cloudflare = recipes.filter((block) => block.site === 'cloudflare');
const pagesOfTheRecipe = recipes.filter(
	(block) => block.site === 'on-demand' && block.title!.startsWith('src/'),
);
const EXAMPLE_BASE_URL = 'https://api.example.com';
const DOCS_DATE = '2025-03-01';
const recipeFile = (title: string) => cloudflare.find((block) => block.title === title)!.code;
const WEBSITE_ID = /"AUDIO_REVIEWS_WEBSITE_ID": "([0-9a-f-]{36})"/.exec(
	recipeFile('wrangler.jsonc'),
)![1]!;
const SECRET = /^AUDIO_REVIEWS_WEBHOOK_SECRET=(.+)$/m.exec(recipeFile('.dev.vars'))![1]!;

/**
 * Today's date (UTC), or the newest the build's workerd accepts when today is past it: the date of
 * the workerd release the adapter's Vite plugin runs (`1.20261012.1` is 2026-10-12), the date the
 * adapter itself defaults to.
 */
function newestDate(): string {
	const plugin = createRequire(import.meta.resolve('@cloudflare/vite-plugin'));
	const { version } = plugin('workerd/package.json') as { version: string };
	const [, yyyy, mm, dd] = /^\d+\.(\d{4})(\d{2})(\d{2})\./.exec(version)!;
	const today = new Date().toISOString().slice(0, 10);
	return [today, `${yyyy}-${mm}-${dd}`].sort()[0]!;
}

let sim: Simulator;
const roots: string[] = [];

beforeAll(async () => {
	sim = await startSimulator({ products: 6, locales: ['en'], seed: 23, websiteId: WEBSITE_ID });
});
afterAll(async () => {
	await sim?.close();
	for (const root of roots) await rm(root, { recursive: true, force: true });
});

it('takes the recipe from the docs: the three files of the section and the pages of the recipe', () => {
	expect(cloudflare.map((block) => block.title).sort()).toEqual([
		'.dev.vars',
		'astro.config.mjs',
		'wrangler.jsonc',
	]);
	expect(pagesOfTheRecipe.map((block) => block.title)).toContain('src/live.config.ts');
	expect(recipeFile('wrangler.jsonc')).toContain(`"compatibility_date": "${DOCS_DATE}"`);
	expect(recipeFile('wrangler.jsonc')).not.toContain('"compatibility_flags"');
	expect(SECRET.length).toBeGreaterThanOrEqual(16);
});

async function writeRecipe(
	date: string,
	root = join(REPO_ROOT, 'test/.tmp', `cloudflare-${date}-${process.pid}`),
): Promise<string> {
	roots.push(root);
	await rm(root, { recursive: true, force: true });
	for (const block of [...cloudflare, ...pagesOfTheRecipe]) {
		const code = block.code
			.replaceAll(EXAMPLE_BASE_URL, sim.baseUrl)
			.replace(`"compatibility_date": "${DOCS_DATE}"`, `"compatibility_date": "${date}"`);
		await mkdir(dirname(join(root, block.title!)), { recursive: true });
		await writeFile(join(root, block.title!), `${code}\n`);
	}
	return root;
}

it('passes astro check in a fresh site (no @types/node in reach) with no errors, warnings or hints', async () => {
	const root = await writeRecipe(
		DOCS_DATE,
		join(await outsideSitesFolder('aar-cloudflare-'), 'site'),
	);
	roots.push(dirname(root));
	// As test/docs/recipe-sites.ts checks the other recipes: symlinked packages keep their paths.
	const tsconfig = {
		extends: 'astro/tsconfigs/strict',
		compilerOptions: { allowJs: true, checkJs: true, preserveSymlinks: true },
		include: ['.astro/types.d.ts', '**/*'],
		exclude: ['dist'],
	};
	await writeFile(join(root, 'tsconfig.json'), JSON.stringify(tsconfig));
	const astro = join(REPO_ROOT, 'node_modules/.bin/astro');
	const { stdout } = await sh(astro, ['check', '--root', root], root, {
		AUDIO_REVIEWS_WEBSITE_ID: WEBSITE_ID,
		CLOUDFLARE_CF_FETCH_ENABLED: 'false',
	});
	expect(stdout).toMatch(/- 0 errors\s+- 0 warnings\s+- 0 hints/);
}, 300_000);

const CACHED_PAGE =
	'public, max-age=0, s-maxage=300, stale-while-revalidate=3600, stale-if-error=86400';

for (const date of [DOCS_DATE, newestDate()]) {
	describe(`in workerd, compatibility date ${date}, no flag`, () => {
		let dev: WranglerDev;
		let build: string;
		let root: string;
		const get = (path: string) => fetch(`${dev.url}${path}`, { redirect: 'manual' });
		const invalidate = (headers: Record<string, string>, body = '{"ref":"SKU-1"}') =>
			fetch(`${dev.url}/_audio-reviews/invalidate`, { method: 'POST', headers, body });

		beforeAll(async () => {
			root = await writeRecipe(date);
			// The config reads the website id from the build's environment, as the docs say.
			const site = await buildFolder(root, {
				child: true,
				env: {
					AUDIO_REVIEWS_WEBSITE_ID: WEBSITE_ID,
					CLOUDFLARE_CF_FETCH_ENABLED: 'false',
					WRANGLER_SEND_METRICS: 'false',
				},
			}).catch((error: Error & { output?: string }) => {
				throw new Error(`${error.message} in ${root}:\n${error.output ?? ''}`);
			});
			build = site.output;
			dev = await startWranglerDev(root);
		}, 300_000);
		afterAll(async () => {
			await dev?.close();
		});

		it('builds without a Node.js import and pre-renders in workerd with the .dev.vars', async () => {
			expect(build).toMatch(/Complete!/);
			// The config wrangler dev runs: the date under test, no flag added by the adapter.
			const config = JSON.parse(await readFile(join(root, 'dist/server/wrangler.json'), 'utf8'));
			expect(config).toMatchObject({ compatibility_date: date, compatibility_flags: [] });
			expect(build).not.toMatch(/Unexpected Node\.js imports|nodejs_compat/);
			expect(build).toContain('Using secrets defined in');
		});

		it('serves product, hub and sitemap pages rendered on demand, 200', async () => {
			const ref = sim.addProduct({ external_id: `CF-LIVE-${date}`, name: `Live ${date}` });
			const product = await get(`/products/${ref}/`);
			expect(product.status, dev.log()).toBe(200);
			expect(await product.text()).toContain(`Live ${date}`);
			expect(product.headers.get('cache-control')).toBe(CACHED_PAGE);
			expect(product.headers.get('x-astro-cache')).toBeNull();

			const hub = await get('/products/');
			expect(hub.status).toBe(200);
			expect(await hub.text()).toContain(`/products/${ref}/`);
			expect(hub.headers.get('cache-control')).toBe(CACHED_PAGE);

			const index = await get('/sitemap-products.xml');
			expect(index.status).toBe(200);
			expect(await index.text()).toContain('/sitemap-products-1.xml');
			const file = await get('/sitemap-products-1.xml');
			expect(file.status).toBe(200);
			expect(file.headers.get('cache-control')).toBe(
				'public, max-age=0, s-maxage=3600, stale-while-revalidate=86400, stale-if-error=86400',
			);
		});

		it('answers 404 for an unknown product', async () => {
			const response = await get('/products/NO-SUCH-REF/');
			expect(response.status).toBe(404);
			expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
		});

		it('answers 503 with Retry-After while the service is down, and serves again after', async () => {
			const ref = sim.addProduct({ external_id: `CF-DOWN-${date}` });
			await sim.setFaults({ outage: true });
			try {
				const response = await get(`/products/${ref}/`);
				expect(response.status).toBe(503);
				expect(response.headers.get('retry-after')).toBe('30');
				expect(response.headers.get('cache-control')).toBe('no-store');
			} finally {
				await sim.setFaults({ outage: false });
			}
			expect((await get(`/products/${ref}/`)).status).toBe(200);
		});

		it("gives the webhook's documented answers, with the secret of .dev.vars", async () => {
			const json = { 'content-type': 'application/json' };
			const missing = await invalidate(json);
			expect(missing.status).toBe(401);
			expect(missing.headers.get('cache-control')).toBe('no-store');
			expect(
				(await invalidate({ ...json, authorization: 'Bearer wrong-secret-0123456789' })).status,
			).toBe(401);
			const authorized = { ...json, authorization: `Bearer ${SECRET}` };
			// The secret passed: no route cache in the recipe, so nothing to purge.
			const purge = await invalidate(authorized);
			expect(purge.status).toBe(501);
			expect(await purge.json()).toMatchObject({ error: 'cache_disabled' });
			expect((await invalidate(authorized, '{"nope":1}')).status).toBe(400);
			expect(
				(await invalidate({ ...authorized, 'content-type': 'application/xml' }, '<a/>')).status,
			).toBe(415);
			expect((await get('/_audio-reviews/invalidate')).status).toBe(405);
		});

		it('refuses every webhook call with 503 when the Worker has no secret', async () => {
			await dev.close();
			// wrangler dev reads the project's .dev.vars; the build keeps a copy beside its config.
			await rm(join(root, '.dev.vars'));
			await rm(join(root, 'dist/server/.dev.vars'), { force: true });
			dev = await startWranglerDev(root);
			const response = await invalidate({
				'content-type': 'application/json',
				authorization: `Bearer ${SECRET}`,
			});
			expect(response.status).toBe(503);
			expect(await response.json()).toMatchObject({ error: 'not_configured' });
		});
	});
}
