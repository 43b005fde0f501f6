/**
 * One sitemap file of an on-demand catalogue (`<path>-<n>.xml`, docs/on-demand.md).
 * Importing `astro:content` evaluates `src/live.config.ts`, whose productsLiveLoader() this reads through.
 */
import 'astro:content';
import config from 'virtual:astro-audio-reviews/config';
import onDemand from 'virtual:astro-audio-reviews/on-demand';
import type { APIRoute } from 'astro';
import { liveSitemapFile } from '#internal/routes';

export const prerender = false;

export const GET: APIRoute = (context) =>
	onDemand.sitemap
		? liveSitemapFile(context, { ...config, ...onDemand.sitemap, websiteId: onDemand.websiteId }, context.params.file)
		: new Response(null, { status: 404 });
