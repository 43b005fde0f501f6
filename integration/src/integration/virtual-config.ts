import type { Plugin } from 'vite';

export const VIRTUAL_CONFIG_ID = 'virtual:astro-audio-reviews/config';

/** What the injected page needs to know of the integration's options at render time. */
export interface PageConfig {
	collection: string;
	/** Pattern of the default-locale route, e.g. `/products/[ref]`. */
	route: string;
	/** Pattern of the other locales' route, e.g. `/[locale]/products/[ref]`. */
	localeRoute: string;
	defaultLocale: string | undefined;
	/** Whether page URLs (canonical, hreflang, links) end in `/`: Astro's `trailingSlash` and `build.format`. */
	trailingSlash: boolean;
	emptyProducts: 'noindex' | 'index' | 'skip';
	/** Hub pages' size, or false when the site has none. */
	hub: { pageSize: number } | false;
}

/**
 * Passes the options to the injected page as a virtual module: JSON-serialised, so they are
 * part of the module graph (a changed option changes the hash Astro's incremental build uses).
 */
export function virtualConfigPlugin(config: PageConfig): Plugin {
	return jsonModulePlugin(VIRTUAL_CONFIG_ID, config);
}

/** A virtual module whose default export is `value`, serialised as JSON. */
export function jsonModulePlugin(id: string, value: unknown): Plugin {
	const resolved = `\0${id}`;
	return {
		name: `astro-audio-reviews:${id.slice(id.lastIndexOf('/') + 1)}`,
		resolveId(requested) {
			return requested === id ? resolved : undefined;
		},
		load(requested) {
			return requested === resolved ? `export default ${JSON.stringify(value)};` : undefined;
		},
	};
}
