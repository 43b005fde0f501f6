import type { Plugin } from 'vite';
import type { PurgedPagesConfig } from '../indexnow/index-now-settings.js';
import type { LiveSitemapConfig } from '../on-demand/live-sitemap.js';
import { jsonModulePlugin } from './virtual-modules.js';

export const VIRTUAL_LIVE_CONFIG_ID = 'virtual:astro-audio-reviews/live-config';

/** What the injected invalidation endpoint needs at request time. The secret itself is never baked in: only the name of the variable holding it. */
export interface LiveConfig {
	websiteId: string;
	secretEnv: string;
	/** `indexNow.submitPurged`: the purged product pages are submitted to IndexNow (the key is public by design: it is served as a file). */
	indexNow?: PurgedPagesConfig;
}

export function virtualLiveConfigPlugin(config: LiveConfig): Plugin {
	return jsonModulePlugin(VIRTUAL_LIVE_CONFIG_ID, config);
}

/** What the injected routes read at request time. */
export interface OnDemandConfig {
	websiteId: string | undefined;
	sitemap: (Pick<LiveSitemapConfig, 'path' | 'urlsPerFile'> & { include: string[] }) | false;
}
