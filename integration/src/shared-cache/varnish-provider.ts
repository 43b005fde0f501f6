import type { CacheProvider, CacheProviderFactory } from 'astro';
import {
	CACHE_NODES_ENV,
	nodesFromEnvironment,
	PURGE_SECRET_ENV,
	resolveCacheVarnishOptions,
} from '../options/cache-varnish-option.js';
import { useSharedCache } from '../state/shared-cache.js';
import { headerTag } from './purge-batches.js';
import { purgeEveryNode } from './purge-nodes.js';

/** The header the package's VCL reads the page's tags from (xkey's own header). */
export const TAGS_HEADER = 'xkey';
/** Astro's tag for `invalidate({ path })`; every page carries its own, so a path purge works too. */
const PATH_TAG_PREFIX = 'astro-path:';

/** The secret the processes send with their purges, read at each purge (a rotation needs no restart). */
function purgeSecret(): string | undefined {
	return process.env[PURGE_SECRET_ENV] || undefined;
}

/**
 * The provider each server process creates from the options baked into the build. The node
 * addresses come from the options (checked at config time), or from `AUDIO_REVIEWS_CACHE_NODES`
 * in this process's environment, checked here: a malformed list stops the server at its first
 * request with an error naming the value, never a webhook that purges nothing.
 *
 * A CDN-style provider: no cache of its own. Pages leave with `CDN-Cache-Control` (RFC 9213:
 * `max-age`, `stale-while-revalidate` for the shared cache alone) and their tags in `xkey`,
 * which the package's VCL reads and strips; the visitor's `Cache-Control` is the page's own.
 */
export const createVarnishProvider: CacheProviderFactory = (config) => {
	const options = resolveCacheVarnishOptions(config);
	const fromEnvironment = process.env[CACHE_NODES_ENV];
	// A malformed list stops the server at once. An unset one is no error yet: `astro build`
	// creates the provider too (for pre-rendered pages) and knows no node; a purge then fails
	// saying what to set.
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
