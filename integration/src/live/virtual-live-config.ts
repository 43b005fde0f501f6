import type { Plugin } from 'vite';

export const VIRTUAL_LIVE_CONFIG_ID = 'virtual:astro-audio-reviews/live-config';
const RESOLVED_ID = `\0${VIRTUAL_LIVE_CONFIG_ID}`;

/** What the injected invalidation endpoint needs at request time. The secret itself is never baked in: only the name of the variable holding it. */
export interface LiveConfig {
	websiteId: string;
	secretEnv: string;
}

export function virtualLiveConfigPlugin(config: LiveConfig): Plugin {
	return {
		name: 'astro-audio-reviews:live-config',
		resolveId(id) {
			return id === VIRTUAL_LIVE_CONFIG_ID ? RESOLVED_ID : undefined;
		},
		load(id) {
			return id === RESOLVED_ID ? `export default ${JSON.stringify(config)};` : undefined;
		},
	};
}
