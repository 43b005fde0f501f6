/**
 * The sitemap index of an on-demand catalogue (`audioReviews({ onDemand })`, docs/on-demand.md).
 * It reaches the live loader through Astro's live collection API, the collection named by `collection`.
 */
import { getLiveCollection, getLiveEntry } from 'astro:content';
import config from 'virtual:astro-audio-reviews/config';
import onDemand from 'virtual:astro-audio-reviews/on-demand';
import type { APIRoute } from 'astro';
import { liveContentOf, liveSitemapIndex } from '#internal/routes';

const content = liveContentOf({ getLiveCollection, getLiveEntry });

export const prerender = false;

export const GET: APIRoute = (context) =>
	onDemand.sitemap
		? liveSitemapIndex(context, {
				...config,
				...onDemand.sitemap,
				websiteId: onDemand.websiteId,
				content,
			})
		: new Response(null, { status: 404 });
