import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import type { PurgedPagesConfig } from '../indexnow/index-now-settings.js';
import type { HostPurgeConfig } from '../on-demand/cdn-purge/purge-hosts.js';
import type { LiveSitemapConfig } from '../on-demand/sitemap-routes.js';
import type { PageConfig } from '../pages/page-config.js';
import { recordedCatalogue } from '../state/build-state.js';

export const VIRTUAL_CONFIG_ID = 'virtual:astro-audio-reviews/config';
export const VIRTUAL_LAYOUT_ID = 'virtual:astro-audio-reviews/layout';
export const VIRTUAL_CATALOGUE_ID = 'virtual:astro-audio-reviews/catalogue';
export const VIRTUAL_LIVE_CONFIG_ID = 'virtual:astro-audio-reviews/live-config';
export const VIRTUAL_LIVE_COLLECTIONS_ID = 'virtual:astro-audio-reviews/live-collections';
export const VIRTUAL_ON_DEMAND_ID = 'virtual:astro-audio-reviews/on-demand';
export const VIRTUAL_SEARCH_ID = 'virtual:astro-audio-reviews/search';

/**
 * The PostgreSQL search of `search: 'postgres'` (`searchSite`: integration/routes/search-site.ts),
 * else nothing: a site without it never bundles the search or its driver.
 */
export function virtualSearchPlugin(searchSite: string | undefined): Plugin {
	return modulePlugin(
		VIRTUAL_SEARCH_ID,
		searchSite
			? `export { searchEndpoint, searchPage, searchReindex } from ${JSON.stringify(searchSite)};`
			: 'export const searchEndpoint = undefined, searchPage = undefined, searchReindex = undefined;',
	);
}

export function virtualConfigPlugin(config: PageConfig): Plugin {
	return jsonModulePlugin(VIRTUAL_CONFIG_ID, config);
}

/** The layout pages render in: the user's `layout` component or the standalone document. */
export function virtualLayoutPlugin(layoutFile: string): Plugin {
	return modulePlugin(VIRTUAL_LAYOUT_ID, `export { default } from ${JSON.stringify(layoutFile)};`);
}

/** The refs `productUrl` needs in a server bundle, where no loader ran yet links are made. */
export function virtualCataloguePlugin(collection: string, command: string): Plugin {
	const resolved = `\0${VIRTUAL_CATALOGUE_ID}`;
	return {
		name: 'astro-audio-reviews:catalogue',
		resolveId(requested) {
			return requested === VIRTUAL_CATALOGUE_ID ? resolved : undefined;
		},
		load(requested) {
			if (requested !== resolved) return undefined;
			const embed = command === 'build' && this.environment.name === 'ssr';
			return `export default ${embed ? JSON.stringify(recordedCatalogue(collection) ?? null) : 'undefined'};`;
		},
	};
}

/** What the invalidation endpoint needs: the secret's variable name, never the secret. */
export interface LiveConfig {
	websiteId: string;
	secretEnv: string;
	/** The host purges go to, from the site's `cache.provider`. */
	purge: HostPurgeConfig;
	/** Purged product pages are submitted to IndexNow (its key is public by design). */
	indexNow?: PurgedPagesConfig;
}

export function virtualLiveConfigPlugin(config: LiveConfig): Plugin {
	return jsonModulePlugin(VIRTUAL_LIVE_CONFIG_ID, config);
}

/** The live config's `collections` (else undefined), imported as `astro:content` does: the same loaders. */
export function virtualLiveCollectionsPlugin(liveConfig: string | undefined): Plugin {
	return modulePlugin(
		VIRTUAL_LIVE_COLLECTIONS_ID,
		liveConfig
			? `export const collections = (await import(${JSON.stringify(liveConfig)})).collections;`
			: 'export const collections = undefined;',
	);
}

export interface OnDemandConfig {
	websiteId: string | undefined;
	sitemap: (Pick<LiveSitemapConfig, 'path' | 'urlsPerFile'> & { include: string[] }) | false;
}

export function virtualOnDemandPlugin(config: OnDemandConfig): Plugin {
	return jsonModulePlugin(VIRTUAL_ON_DEMAND_ID, config);
}

const LOAD_SHARING_MODULE = fileURLToPath(
	new URL('../on-demand/live-loader/load-sharing.js', import.meta.url),
).replace(/\.js$/, '');

/** The site's load sharing, decided at config time, served in place of the module's default. */
export function loadSharingPlugin(shareInFlight: boolean): Plugin {
	return {
		name: 'astro-audio-reviews:load-sharing',
		enforce: 'pre',
		load(id) {
			if (id.split('?')[0]!.replace(/\.[jt]s$/, '') !== LOAD_SHARING_MODULE) return undefined;
			return `export const SHARE_LOADS_IN_FLIGHT = ${JSON.stringify(shareInFlight)};`;
		},
	};
}

function jsonModulePlugin(id: string, value: unknown): Plugin {
	return modulePlugin(id, `export default ${JSON.stringify(value)};`);
}

function modulePlugin(id: string, code: string): Plugin {
	const resolved = `\0${id}`;
	return {
		name: `astro-audio-reviews:${id.slice(id.lastIndexOf('/') + 1)}`,
		resolveId(requested) {
			return requested === id ? resolved : undefined;
		},
		load(requested) {
			return requested === resolved ? code : undefined;
		},
	};
}
