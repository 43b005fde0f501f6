/**
 * The sitemap index of an on-demand catalogue (`audioReviews({ onDemand })`, docs/on-demand.md).
 * It reads the live loader of the collection named by `collection` in the site's live config.
 */
import { getLiveCollection, getLiveEntry } from 'astro:content';
import config from 'virtual:astro-audio-reviews/config';
import { collections } from 'virtual:astro-audio-reviews/live-collections';
import onDemand from 'virtual:astro-audio-reviews/on-demand';
import type { APIRoute } from 'astro';
import { liveContentOf, liveSitemapIndex } from '#internal/routes';

const content = liveContentOf({ getLiveCollection, getLiveEntry }, collections);

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
