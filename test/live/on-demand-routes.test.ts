import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { memoryCache } from 'astro/config';
import { describe, expect, it } from 'vitest';
import { cacheVarnish } from '../../integration/src/entries/cache.js';
import { injectOnDemandRoutes } from '../../integration/src/hooks/on-demand-routes.js';
import { resolveIntegrationOptions } from '../../integration/src/hooks/resolved-options.js';

/** The `onDemand` option and the routes `audioReviews()` injects for it (no server: the hook called as Astro calls it). */

describe('the onDemand option', () => {
	it('defaults to sitemaps at /sitemap-products.xml and hub pages', () => {
		expect(resolveIntegrationOptions({}).onDemand).toEqual({
			sitemap: { path: '/sitemap-products', urlsPerFile: 50_000 },
			hub: true,
		});
	});

	it('rejects a path with an extension, and more than 50,000 URLs a file, saying what to write', () => {
		expect(() =>
			resolveIntegrationOptions({ onDemand: { sitemap: { path: '/products.xml' } } }),
		).toThrow(/site path without extension, e\.g\. "\/sitemap-products"/);
		expect(() =>
			resolveIntegrationOptions({ onDemand: { sitemap: { urlsPerFile: 60_000 } } }),
		).toThrow(/from 1000 to 50000/);
		expect(resolveIntegrationOptions({ onDemand: false }).onDemand).toBe(false);
	});

	it('takes the live collection’s name, and refuses an empty one saying what to write', () => {
		expect(
			resolveIntegrationOptions({ onDemand: { collection: 'liveProducts' } }).onDemand,
		).toMatchObject({ collection: 'liveProducts' });
		expect(() => resolveIntegrationOptions({ onDemand: { collection: '' } })).toThrow(
			/Expected `onDemand\.collection` to be the name of the live collection of src\/live\.config\.ts that uses productsLiveLoader\(\)/,
		);
	});
});

describe('which routes the integration injects', () => {
	type Injected = { pattern: string; prerender?: boolean };
	async function setup(
		files: Record<string, string>,
		config: {
			adapter?: boolean;
			sitemap?: boolean;
			route?: false | string;
			cache?: { provider: { entrypoint: string | URL } };
		} = {},
	) {
		const root = await mkdtemp(join(tmpdir(), 'aar-on-demand-'));
		for (const [name, text] of Object.entries(files)) {
			await mkdir(dirname(join(root, 'src', name)), { recursive: true });
			await writeFile(join(root, 'src', name), text);
		}
		const routes: Injected[] = [];
		const added: string[] = [];
		const warnings: string[] = [];
		const plugins: string[] = [];
		const hook = {
			config: {
				srcDir: pathToFileURL(`${join(root, 'src')}/`),
				adapter: config.adapter === false ? undefined : { name: '@astrojs/node' },
				integrations: config.sitemap ? [{ name: '@astrojs/sitemap', hooks: {} }] : [],
				cache: config.cache,
			},
			injectRoute: (route: Injected) => routes.push(route),
			updateConfig: (update: {
				integrations?: Array<{ name: string }>;
				vite?: { plugins?: Array<{ name: string }> };
			}) => {
				added.push(...(update.integrations ?? []).map((i) => i.name));
				plugins.push(...(update.vite?.plugins ?? []).map((plugin) => plugin.name));
			},
			logger: { warn: (line: string) => warnings.push(line), info: () => undefined },
		} as never;
		const resolved = resolveIntegrationOptions({ route: config.route ?? false });
		injectOnDemandRoutes(resolved.onDemand, { route: resolved.route, hub: true }, hook);
		await rm(root, { recursive: true, force: true });
		return {
			patterns: routes.map((r) => r.pattern),
			onDemand: routes.every((r) => r.prerender === false),
			added,
			warnings,
			plugins,
		};
	}
	const LIVE = {
		'live.config.ts': "import { productsLiveLoader } from 'astro-audio-reviews/loaders';",
	};

	it("injects the sitemaps, the other locales' product pages and the hub pages, on demand, for a site whose live config uses productsLiveLoader", async () => {
		const result = await setup(LIVE);
		expect(result.patterns).toEqual([
			'/sitemap-products.xml',
			'/sitemap-products-[file].xml',
			'/[locale]/products/[...ref]',
			'/products',
			'/products/~page-[page]',
			'/[locale]/products',
			'/[locale]/products/~page-[page]',
		]);
		expect(result.onDemand).toBe(true);
		expect(result.added).toEqual([]);
	});

	it("adds the check of @astrojs/sitemap's files when that integration is there", async () => {
		expect((await setup(LIVE, { sitemap: true })).added).toEqual([
			'astro-audio-reviews:sitemap-include-check',
		]);
	});

	it('injects nothing without productsLiveLoader, warns without an adapter, and leaves a site its own /products/ page', async () => {
		expect((await setup({ 'live.config.ts': 'export const collections = {};' })).patterns).toEqual(
			[],
		);
		const noAdapter = await setup(LIVE, { adapter: false });
		expect(noAdapter.patterns).toEqual([]);
		expect(noAdapter.warnings).toEqual([
			'productsLiveLoader() is used but the site has no adapter: the on-demand sitemaps and hub pages are not injected',
		]);
		const own = await setup({ ...LIVE, 'pages/products/index.astro': '<h1>Ours</h1>' });
		expect(own.patterns).toEqual([
			'/sitemap-products.xml',
			'/sitemap-products-[file].xml',
			'/[locale]/products/[...ref]',
		]);
		// With static product pages the static hub is there already.
		expect((await setup(LIVE, { route: '/products/[ref]' })).patterns).toEqual([
			'/sitemap-products.xml',
			'/sitemap-products-[file].xml',
		]);
	});

	it("serves the live loader's load sharing off only when cache.provider is cacheVarnish(), with no middleware", async () => {
		const sharing = 'astro-audio-reviews:load-sharing';
		const varnish = await setup(LIVE, { cache: { provider: cacheVarnish() } });
		expect(varnish.plugins).toContain(sharing);
		const memory = await setup(LIVE, { cache: { provider: memoryCache() } });
		expect(memory.plugins).not.toContain(sharing);
		expect((await setup(LIVE)).plugins).not.toContain(sharing);
	});
});
