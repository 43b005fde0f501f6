import type { Plugin } from 'vite';

export const VIRTUAL_CONFIG_ID = 'virtual:astro-audio-reviews/config';
const RESOLVED_ID = `\0${VIRTUAL_CONFIG_ID}`;

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
}

/**
 * Passes the options to the injected page as a virtual module: JSON-serialised, so they are
 * part of the module graph (a changed option changes the hash Astro's incremental build uses).
 */
export function virtualConfigPlugin(config: PageConfig): Plugin {
	return {
		name: 'astro-audio-reviews:config',
		resolveId(id) {
			return id === VIRTUAL_CONFIG_ID ? RESOLVED_ID : undefined;
		},
		load(id) {
			return id === RESOLVED_ID ? `export default ${JSON.stringify(config)};` : undefined;
		},
	};
}
