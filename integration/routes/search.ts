/**
 * `GET /_audio-reviews/search`, injected with `search: 'postgres'` (docs/on-demand.md, "Search").
 */
import { searchEndpoint } from 'virtual:astro-audio-reviews/search';
import type { APIRoute } from 'astro';

export const prerender = false;

export const GET: APIRoute = ({ url }) =>
	searchEndpoint ? searchEndpoint(url) : new Response(null, { status: 404 });
