/**
 * Added by `audioReviews()` when `cache.provider` is `cacheVarnish()`: before each on-demand
 * render, the live loader stops sharing loads in flight between renders (the Varnish nodes
 * coalesce misses; a render after a purge must never join a load sent before it). It reaches the
 * loader through Astro's live collection API, the collection named by `collection`.
 */
import { getLiveCollection, getLiveEntry } from 'astro:content';
import { defineMiddleware } from 'astro:middleware';
import config from 'virtual:astro-audio-reviews/config';
import { findLiveSource, liveContentOf, liveSourceQuery } from '#internal/routes';

const content = liveContentOf({ getLiveCollection, getLiveEntry });

export const onRequest = defineMiddleware(async (context, next) => {
	if (!context.isPrerendered) {
		const source = await findLiveSource(content, liveSourceQuery(config));
		if (source) source.sharing.inFlight = false;
	}
	return next();
});
