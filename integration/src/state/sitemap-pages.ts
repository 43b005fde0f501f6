import { processState } from './process-state.js';

/**
 * The `sitemap` slot: what `@astrojs/sitemap`'s `serialize` hook needs to know of each page this
 * build wrote (filled from the injected routes' `getStaticPaths`, read in
 * `serializeSitemapItem`), keyed by the page's decoded, NFC path without trailing slash.
 */
export interface SitemapPageState {
	/** ISO date the page's content last changed, when the loader recorded one. */
	lastmod: string | undefined;
	indexable: boolean;
}

/** Every page registered in this process, by key. */
export function sitemapPages(): Map<string, SitemapPageState> {
	return processState<Map<string, SitemapPageState>>('sitemap', () => new Map());
}

/** The page registered under `key`, if any. */
export function sitemapPage(key: string): SitemapPageState | undefined {
	return sitemapPages().get(key);
}
