import type { Plugin } from 'vite';
import type { PageConfig } from '../render/pages/page-config.js';

export const VIRTUAL_CONFIG_ID = 'virtual:astro-audio-reviews/config';
export const VIRTUAL_LAYOUT_ID = 'virtual:astro-audio-reviews/layout';

/**
 * Passes the options to the injected page as a virtual module: JSON-serialised, so they are
 * part of the module graph (a changed option changes the hash Astro's incremental build uses).
 */
export function virtualConfigPlugin(config: PageConfig): Plugin {
	return jsonModulePlugin(VIRTUAL_CONFIG_ID, config);
}

/**
 * The layout pages render in: the user's component (`layout` option, an absolute file path)
 * or the package's standalone document. A module re-exporting it keeps the user's file in the
 * page's module graph, so editing the layout re-renders the pages in incremental builds.
 */
export function virtualLayoutPlugin(layoutFile: string): Plugin {
	return modulePlugin(VIRTUAL_LAYOUT_ID, `export { default } from ${JSON.stringify(layoutFile)};`);
}

/** A virtual module whose default export is `value`, serialised as JSON. */
export function jsonModulePlugin(id: string, value: unknown): Plugin {
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
