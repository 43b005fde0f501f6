/**
 * The sitemap index of an on-demand catalogue (`audioReviews({ onDemand })`, docs/on-demand.md).
 * Importing `astro:content` evaluates `src/live.config.ts`, whose productsLiveLoader() this reads through.
 */
import 'astro:content';
import config from 'virtual:astro-audio-reviews/config';
import onDemand from 'virtual:astro-audio-reviews/on-demand';
import type { APIRoute } from 'astro';
import { liveSitemapIndex } from '#internal/routes';

export const prerender = false;

export const GET: APIRoute = (context) =>
	onDemand.sitemap
		? liveSitemapIndex(context, { ...config, ...onDemand.sitemap, websiteId: onDemand.websiteId })
		: new Response(null, { status: 404 });
