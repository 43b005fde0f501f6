import type { CacheProvider, CacheProviderFactory } from 'astro';
import {
	CACHE_NODES_ENV,
	nodesFromEnvironment,
	PURGE_SECRET_ENV,
	resolveCacheVarnishOptions,
} from '../options/cache-varnish-option.js';
import { runtimeSecret } from '../options/runtime-secret.js';
import { useSharedCache } from '../state/shared-cache.js';
import { headerTag } from './purge-batches.js';
import { purgeEveryNode } from './purge-nodes.js';

export const TAGS_HEADER = 'xkey';
/** Astro's tag for `invalidate({ path })`; every page carries its own, so a path purge works too. */
const PATH_TAG_PREFIX = 'astro-path:';

/** Read at each purge, so a secret rotation needs no restart. */
const purgeSecret = () => runtimeSecret(PURGE_SECRET_ENV);

/**
 * Nodes come from the options or `AUDIO_REVIEWS_CACHE_NODES`; a malformed list stops the server at
 * its first request, never a webhook that purges nothing. No cache of its own: `CDN-Cache-Control`
 * and `xkey` tags for Varnish, which strips them; the visitor's `Cache-Control` is the page's own.
 */
export const createVarnishProvider: CacheProviderFactory = (config) => {
	const options = resolveCacheVarnishOptions(config);
	const fromEnvironment = process.env[CACHE_NODES_ENV];
	// Unset is no error yet: `astro build` creates the provider too and knows no node; a purge
	// then fails saying what to set.
	const known =
		options.nodes ??
		(fromEnvironment === undefined ? undefined : nodesFromEnvironment(fromEnvironment));
	const nodes = () => known ?? nodesFromEnvironment(undefined);
	useSharedCache();
	const provider: CacheProvider = {
		name: 'varnish',
		setHeaders(cacheOptions, request) {
			const headers = new Headers();
			const directives: string[] = [];
			if (cacheOptions.maxAge !== undefined) directives.push(`max-age=${cacheOptions.maxAge}`);
			if (cacheOptions.swr !== undefined)
				directives.push(`stale-while-revalidate=${cacheOptions.swr}`);
			if (directives.length > 0) headers.set('CDN-Cache-Control', directives.join(', '));
			const path = `${PATH_TAG_PREFIX}${new URL(request.url).pathname}`;
			const tags = [...(cacheOptions.tags ?? []), path].map(headerTag);
			headers.set(TAGS_HEADER, [...new Set(tags)].join(' '));
			if (cacheOptions.lastModified)
				headers.set('Last-Modified', cacheOptions.lastModified.toUTCString());
			if (cacheOptions.etag) headers.set('ETag', cacheOptions.etag);
			return headers;
		},
		async invalidate({ tags, path }) {
			const all = tags === undefined ? [] : Array.isArray(tags) ? [...tags] : [tags];
			if (path !== undefined) all.push(`${PATH_TAG_PREFIX}${path}`);
			await purgeEveryNode(
				{ nodes: nodes(), secret: purgeSecret(), timeoutMs: options.purgeTimeoutMs },
				all,
			);
		},
	};
	return provider;
};
