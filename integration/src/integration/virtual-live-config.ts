import type { Plugin } from 'vite';
import { jsonModulePlugin } from './virtual-config.js';

export const VIRTUAL_LIVE_CONFIG_ID = 'virtual:astro-audio-reviews/live-config';

/** What the injected invalidation endpoint needs at request time. The secret itself is never baked in: only the name of the variable holding it. */
export interface LiveConfig {
	websiteId: string;
	secretEnv: string;
}

export function virtualLiveConfigPlugin(config: LiveConfig): Plugin {
	return jsonModulePlugin(VIRTUAL_LIVE_CONFIG_ID, config);
}
