import type { CacheProvider, CacheProviderFactory } from 'astro';
// Astro's own helpers for CDN providers (Netlify's and Vercel's are built on them). Every page
// carries its path's tag (`pathTag`), so `invalidate({ path })` purges through xkey too.
import {
	buildCacheControlDirectives,
	collectInvalidationTags,
	normalizeTags,
	pathTag,
	setConditionalHeaders,
} from 'astro/cache/provider-utils';
import { preparePurgeSeries } from '../metrics/instruments.js';
import { runtimeSecret } from '../options/runtime-secret.js';
import {
	CACHE_NODES_ENV,
	nodesFromEnvironment,
	PURGE_SECRET_ENV,
	resolveCacheVarnishOptions,
} from './cache-varnish-option.js';
import { headerTag } from './purge-batches.js';
import { purgeEveryNode } from './purge-nodes.js';

export const TAGS_HEADER = 'xkey';

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
	if (known) preparePurgeSeries(known);
	const provider: CacheProvider = {
		name: 'varnish',
		setHeaders(cacheOptions, request) {
			const headers = new Headers();
			const directives = buildCacheControlDirectives(cacheOptions);
			if (directives) headers.set('CDN-Cache-Control', directives);
			const path = pathTag(new URL(request.url).pathname);
			const tags = [...normalizeTags(cacheOptions.tags), path].map(headerTag);
			headers.set(TAGS_HEADER, [...new Set(tags)].join(' '));
			setConditionalHeaders(headers, cacheOptions);
			return headers;
		},
		async invalidate(invalidation) {
			// A copy: Astro's helper appends the path's tag to the array it is given.
			const tags = collectInvalidationTags({
				...invalidation,
				tags: [...normalizeTags(invalidation.tags)],
			});
			await purgeEveryNode(
				{ nodes: nodes(), secret: purgeSecret(), timeoutMs: options.purgeTimeoutMs },
				tags,
			);
		},
	};
	return provider;
};
