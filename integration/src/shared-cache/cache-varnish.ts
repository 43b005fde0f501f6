import type { CacheProviderConfig } from 'astro';
import {
	type CacheVarnishOptions,
	type ResolvedCacheVarnishOptions,
	resolveCacheVarnishOptions,
} from './cache-varnish-option.js';

/** The module Astro loads in the server: it default-exports the provider's factory. */
export const CACHE_VARNISH_ENTRYPOINT = 'astro-audio-reviews/cache/provider';

/**
 * `cache: { provider: cacheVarnish() }`: the pages of every server process are kept by the
 * Varnish nodes in front of them (with the package's `varnish/audio-reviews.vcl`), and
 * `cache.invalidate()` (the webhook) purges every node. Options are checked here, at config
 * time; Astro serialises them into the build, so node addresses may instead come from
 * `AUDIO_REVIEWS_CACHE_NODES` when each process starts, and the purge secret always does.
 */
export function cacheVarnish(
	options?: CacheVarnishOptions,
): CacheProviderConfig<ResolvedCacheVarnishOptions> {
	return {
		name: 'astro-audio-reviews varnish',
		entrypoint: CACHE_VARNISH_ENTRYPOINT,
		config: resolveCacheVarnishOptions(options ?? {}),
	};
}
