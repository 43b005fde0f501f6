import { existsSync, readFileSync } from 'node:fs';
import type { AstroConfig, AstroIntegration, HookParameters } from 'astro';
import { z } from 'astro/zod';
import { flag, wholeNumber } from '../options/rules.js';
import { hubRoute } from '../pages/hub-urls.js';
import { jsonModulePlugin } from '../pages/virtual-config.js';
import { sitemapIncludeCheck } from '../sitemaps/sitemap-include-check.js';
import { SITEMAP_LIMITS } from '../sitemaps/sitemap-xml.js';
import type { LiveSitemapConfig } from './live-sitemap.js';

export const VIRTUAL_ON_DEMAND_ID = 'virtual:astro-audio-reviews/on-demand';
export const DEFAULT_SITEMAP_PATH = '/sitemap-products';

const sitemapOptionSchema = z
	.object({
		path: z
			.string()
			.regex(/^\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/, {
				message:
					'Expected `onDemand.sitemap.path` to be a site path without extension, e.g. "/sitemap-products" (index at /sitemap-products.xml)',
			})
			.default(DEFAULT_SITEMAP_PATH),
		urlsPerFile: wholeNumber(
			'onDemand.sitemap.urlsPerFile',
			1000,
			SITEMAP_LIMITS.urls,
			'Expected `onDemand.sitemap.urlsPerFile` to be a whole number from 1000 to 50000 (the sitemaps.org limit)',
		).default(SITEMAP_LIMITS.urls),
		/** Site paths of other sitemaps the index lists too, e.g. `@astrojs/sitemap`'s `/sitemap-0.xml`. */
		include: z
			.array(
				z
					.string()
					.regex(/^\/\S*\.xml$/, { message: 'Expected `onDemand.sitemap.include` to hold site paths of sitemaps, e.g. "/sitemap-0.xml"' }),
			)
			.optional(),
	})
	.strict();

const LIVE_COLLECTION_MESSAGE =
	'Expected `onDemand.collection` to be the name of the live collection of src/live.config.ts that uses productsLiveLoader()';

/**
 * The `onDemand` option: what the integration injects for a site that reads its catalogue with
 * `productsLiveLoader()` (docs/on-demand.md, "Sitemaps" and "Hub pages"). `false` injects none.
 */
export const onDemandOptionSchema = z
	.union(
		[
			z.literal(false),
			z
				.object({
					sitemap: z.union([z.literal(false), sitemapOptionSchema]).default(sitemapOptionSchema.parse({})),
					hub: flag('onDemand.hub').default(true),
					/** The live collection the on-demand routes read; default: `collection`. */
					collection: z.string({ message: LIVE_COLLECTION_MESSAGE }).min(1, { message: LIVE_COLLECTION_MESSAGE }).optional(),
				})
				.strict(),
		],
		{
			message:
				'Expected `onDemand` to be false or { sitemap?: false | { path, urlsPerFile, include }, hub?: boolean, collection?: string }',
		},
	)
	.default({ sitemap: sitemapOptionSchema.parse({}), hub: true });

type ResolvedOnDemandOption = z.output<typeof onDemandOptionSchema>;

/** What the injected routes read at request time. */
export interface OnDemandConfig {
	websiteId: string | undefined;
	sitemap: (Pick<LiveSitemapConfig, 'path' | 'urlsPerFile'> & { include: string[] }) | false;
}

/** Whether `src/live.config.*` builds a collection with `productsLiveLoader()`. */
export function usesLiveLoader(config: Pick<AstroConfig, 'srcDir'>): boolean {
	return ['ts', 'mts', 'js', 'mjs'].some((ext) => {
		const file = new URL(`live.config.${ext}`, config.srcDir);
		return existsSync(file) && readFileSync(file, 'utf8').includes('productsLiveLoader');
	});
}

const PAGE_EXTENSIONS = ['astro', 'md', 'mdx', 'html', 'ts', 'js'];

/** Whether the site's own `src/pages` answers `path` (`/products` → `products.astro`, `products/index.astro`…), which the hub would collide with. */
function ownPageAt(config: Pick<AstroConfig, 'srcDir'>, path: string): boolean {
	const pages = new URL('pages/', config.srcDir);
	const names = PAGE_EXTENSIONS.flatMap((ext) => [`${path.slice(1)}.${ext}`, `${path.slice(1)}/index.${ext}`]);
	return names.some((name) => existsSync(new URL(name, pages)));
}

type SetupHook = Pick<HookParameters<'astro:config:setup'>, 'config' | 'injectRoute' | 'updateConfig' | 'logger'>;

/**
 * Injects the sitemap and hub routes (on demand, so they need an adapter). Where the static pages
 * are not (`route: false`): the product pages of the live loader's other locales, and the hub at
 * the route's parent path.
 */
export function injectOnDemandRoutes(
	option: ResolvedOnDemandOption,
	site: { route: string | false; hub: boolean; websiteId?: string | undefined },
	hook: SetupHook,
): void {
	if (option === false || !usesLiveLoader(hook.config)) return;
	if (!hook.config.adapter) {
		hook.logger.warn('productsLiveLoader() is used but the site has no adapter: the on-demand sitemaps and hub pages are not injected');
		return;
	}
	const usesSitemapIntegration = hook.config.integrations.some((integration: AstroIntegration) => integration.name === '@astrojs/sitemap');
	const sitemap =
		option.sitemap === false
			? false
			: {
					path: option.sitemap.path,
					urlsPerFile: option.sitemap.urlsPerFile,
					include: option.sitemap.include ?? (usesSitemapIntegration ? ['/sitemap-0.xml'] : []),
				};
	hook.updateConfig({
		vite: { plugins: [jsonModulePlugin(VIRTUAL_ON_DEMAND_ID, { websiteId: site.websiteId, sitemap } satisfies OnDemandConfig)] },
	});
	if (sitemap && usesSitemapIntegration) hook.updateConfig({ integrations: [sitemapIncludeCheck(sitemap.include)] });
	const page = (name: string) => new URL(`../../pages/${name}`, import.meta.url);
	if (sitemap) {
		hook.injectRoute({ pattern: `${sitemap.path}.xml`, entrypoint: page('live-sitemap-index.ts'), prerender: false });
		hook.injectRoute({ pattern: `${sitemap.path}-[file].xml`, entrypoint: page('live-sitemap-file.ts'), prerender: false });
	}
	if (site.route !== false) return;
	// The site's own route serves the unprefixed locale; the loader's other locales are served here, at the URLs the lists publish.
	const parent = hubRoute('/products/[ref]')!;
	hook.injectRoute({ pattern: `/[locale]${parent}/[...ref]`, entrypoint: page('live-product.astro'), prerender: false });
	if (!site.hub || !option.hub) return;
	if (ownPageAt(hook.config, parent)) {
		hook.logger.info(`src/pages has its own page at ${parent}/: the on-demand hub pages are not injected`);
		return;
	}
	for (const prefix of ['', '/[locale]']) {
		hook.injectRoute({ pattern: `${prefix}${parent}`, entrypoint: page('live-hub.astro'), prerender: false });
		hook.injectRoute({ pattern: `${prefix}${parent}/~page-[page]`, entrypoint: page('live-hub.astro'), prerender: false });
	}
}
