import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroConfig, AstroIntegration, HookParameters } from 'astro';
import { AudioReviewsOptionsError } from '../errors/errors.js';
import type { PurgedPagesConfig } from '../indexnow/index-now-settings.js';
import { purgeHostOf } from '../on-demand/cdn-purge/purge-hosts.js';
import type { ResolvedInvalidateOption } from '../on-demand/invalidate-option.js';
import type { ResolvedOnDemandOption } from '../on-demand/on-demand-option.js';
import { hubRoute } from '../routing/hub-urls.js';
import { CACHE_VARNISH_ENTRYPOINT } from '../shared-cache/cache-varnish.js';
import { sitemapIncludeCheck } from '../sitemaps/sitemap-include-check.js';
import {
	loadSharingPlugin,
	virtualLiveConfigPlugin,
	virtualOnDemandPlugin,
	virtualSearchPlugin,
} from '../virtual/virtual-modules.js';

/** The on-demand routes `astro:config:setup` injects: the sitemaps, hubs and product pages of the live loader, and the purge webhook. */

/** The live config files in Astro's order of preference. */
const liveConfigUrls = (config: Pick<AstroConfig, 'srcDir'>): URL[] =>
	['mjs', 'js', 'mts', 'ts'].map((ext) => new URL(`live.config.${ext}`, config.srcDir));

/** The path of the live config Astro reads: the first `live.config.*` in Astro's order. */
export function liveConfigFile(config: Pick<AstroConfig, 'srcDir'>): string | undefined {
	const found = liveConfigUrls(config).find((file) => existsSync(file));
	return found && fileURLToPath(found);
}

/** Whether `src/live.config.*` builds a collection with `productsLiveLoader()`. */
export function usesLiveLoader(config: Pick<AstroConfig, 'srcDir'>): boolean {
	return liveConfigUrls(config).some(
		(file) => existsSync(file) && readFileSync(file, 'utf8').includes('productsLiveLoader'),
	);
}

const PAGE_EXTENSIONS = ['astro', 'md', 'mdx', 'html', 'ts', 'js'];

/** Whether the site's own `src/pages` answers `path` (`/products` → `products.astro`, `products/index.astro`…), which the hub would collide with. */
function ownPageAt(config: Pick<AstroConfig, 'srcDir'>, path: string): boolean {
	const pages = new URL('pages/', config.srcDir);
	const names = PAGE_EXTENSIONS.flatMap((ext) => [
		`${path.slice(1)}.${ext}`,
		`${path.slice(1)}/index.${ext}`,
	]);
	return names.some((name) => existsSync(new URL(name, pages)));
}

type SetupHook = Pick<
	HookParameters<'astro:config:setup'>,
	'config' | 'injectRoute' | 'updateConfig' | 'logger'
>;

/** Whether the site's `cache.provider` is `cacheVarnish()`, seen in its config. */
export function usesSharedCache(config: Pick<AstroConfig, 'cache'>): boolean {
	const entrypoint = config.cache?.provider?.entrypoint;
	return entrypoint !== undefined && String(entrypoint) === CACHE_VARNISH_ENTRYPOINT;
}

/** Injects the sitemap and hub routes (on demand, so they need an adapter). */
export function injectOnDemandRoutes(
	option: ResolvedOnDemandOption,
	site: { route: string | false; hub: boolean; websiteId?: string | undefined },
	hook: SetupHook,
): void {
	if (option === false || !usesLiveLoader(hook.config)) return;
	const page = (name: string) => new URL(`../../routes/${name}`, import.meta.url);
	if (!hook.config.adapter) {
		hook.logger.warn(
			'productsLiveLoader() is used but the site has no adapter: the on-demand sitemaps and hub pages are not injected',
		);
		return;
	}
	const usesSitemapIntegration = hook.config.integrations.some(
		(integration: AstroIntegration) => integration.name === '@astrojs/sitemap',
	);
	const sitemap =
		option.sitemap === false
			? false
			: {
					path: option.sitemap.path,
					urlsPerFile: option.sitemap.urlsPerFile,
					include: option.sitemap.include ?? (usesSitemapIntegration ? ['/sitemap-0.xml'] : []),
				};
	hook.updateConfig({
		vite: { plugins: [virtualOnDemandPlugin({ websiteId: site.websiteId, sitemap })] },
	});
	// Behind Varnish nodes, which coalesce misses, the live loader shares no load in flight: data
	// decided here once, served to it as a module, never a switch flipped per request.
	if (usesSharedCache(hook.config))
		hook.updateConfig({ vite: { plugins: [loadSharingPlugin(false)] } });
	if (sitemap && usesSitemapIntegration)
		hook.updateConfig({ integrations: [sitemapIncludeCheck(sitemap.include)] });
	if (sitemap) {
		hook.injectRoute({
			pattern: `${sitemap.path}.xml`,
			entrypoint: page('on-demand-sitemap-index.ts'),
			prerender: false,
		});
		hook.injectRoute({
			pattern: `${sitemap.path}-[file].xml`,
			entrypoint: page('on-demand-sitemap-file.ts'),
			prerender: false,
		});
	}
	if (site.route !== false) return;
	// The site's own route serves the unprefixed locale; the loader's other locales are served here, at the URLs the lists publish.
	const parent = hubRoute('/products/[ref]')!;
	hook.injectRoute({
		pattern: `/[locale]${parent}/[...ref]`,
		entrypoint: page('on-demand-product.astro'),
		prerender: false,
	});
	if (!site.hub || !option.hub) return;
	if (ownPageAt(hook.config, parent)) {
		hook.logger.info(
			`src/pages has its own page at ${parent}/: the on-demand hub pages are not injected`,
		);
		return;
	}
	for (const prefix of ['', '/[locale]']) {
		hook.injectRoute({
			pattern: `${prefix}${parent}`,
			entrypoint: page('on-demand-hub.astro'),
			prerender: false,
		});
		hook.injectRoute({
			pattern: `${prefix}${parent}/~page-[page]`,
			entrypoint: page('on-demand-hub.astro'),
			prerender: false,
		});
	}
}

/** Registers the endpoint as an on-demand route (it needs an adapter, as any on-demand route). */
export function injectInvalidateRoute(
	option: ResolvedInvalidateOption | undefined,
	hook: Pick<HookParameters<'astro:config:setup'>, 'injectRoute' | 'updateConfig' | 'command'> & {
		config: Pick<AstroConfig, 'cache'>;
	},
	indexNow?: PurgedPagesConfig,
): void {
	if (!option) return;
	const provider = hook.config.cache?.provider;
	const host = purgeHostOf(provider);
	if (option.vercelPurge === 'delete' && host !== 'vercel')
		throw new AudioReviewsOptionsError(
			'audioReviews(): `invalidate.vercelPurge: "delete"` needs `cacheVercel()` as `cache.provider`',
			'Set cache: { provider: cacheVercel() } (from @astrojs/vercel/cache), or leave `vercelPurge` out: other hosts purge as their provider does.',
		);
	const config = {
		websiteId: option.websiteId,
		secretEnv: option.secretEnv,
		purge: {
			host,
			vercel: option.vercelPurge,
			dev: hook.command === 'dev',
			provider: provider !== undefined,
		},
		...(indexNow ? { indexNow } : {}),
	};
	hook.updateConfig({ vite: { plugins: [virtualLiveConfigPlugin(config)] } });
	const route = option.route.length > 1 ? option.route.replace(/\/+$/, '') : option.route;
	hook.injectRoute({
		pattern: route,
		entrypoint: new URL('../../routes/invalidate.ts', import.meta.url),
		prerender: false,
	});
}

export const SEARCH_ROUTE = '/_audio-reviews/search';

/**
 * `search: 'postgres'`: the search endpoint (on demand, so it needs an adapter), and the search
 * module the endpoint, `ReviewSearch` and the webhook read; without it, that module is empty.
 */
export function injectSearchRoute(
	enabled: boolean,
	hook: Pick<SetupHook, 'config' | 'injectRoute' | 'updateConfig' | 'logger'>,
): void {
	const on = enabled && hook.config.adapter !== undefined;
	if (enabled && !on)
		hook.logger.warn(
			"`search: 'postgres'` needs an adapter (its endpoint is served on demand): the search is not injected",
		);
	const site = new URL('../../routes/search-site.ts', import.meta.url);
	hook.updateConfig({
		vite: { plugins: [virtualSearchPlugin(on ? fileURLToPath(site) : undefined)] },
	});
	if (!on) return;
	hook.injectRoute({
		pattern: SEARCH_ROUTE,
		entrypoint: new URL('../../routes/search.ts', import.meta.url),
		prerender: false,
	});
}
