/**
 * One sitemap file of an on-demand catalogue (`<path>-<n>.xml`, docs/on-demand.md).
 * It reads the live loader of the collection named by `collection` in the site's live config.
 */
import { getLiveCollection, getLiveEntry } from 'astro:content';
import config from 'virtual:astro-audio-reviews/config';
import { collections } from 'virtual:astro-audio-reviews/live-collections';
import onDemand from 'virtual:astro-audio-reviews/on-demand';
import type { APIRoute } from 'astro';
import { liveContentOf, liveSitemapFile } from '#internal/routes';

const content = liveContentOf({ getLiveCollection, getLiveEntry }, collections);

export const prerender = false;

export const GET: APIRoute = (context) =>
	onDemand.sitemap
		? liveSitemapFile(
				context,
				{ ...config, ...onDemand.sitemap, websiteId: onDemand.websiteId, content },
				context.params.file,
			)
		: new Response(null, { status: 404 });
