/**
 * The invalidation webhook `audioReviews({ invalidate })` injects (on-demand). The secret is
 * read from the environment on every call, never baked into the build.
 */

import config from 'virtual:astro-audio-reviews/live-config';
import type { APIRoute } from 'astro';
import { createInvalidateHandler, livePath } from '../dist/entries/live.js';

export const prerender = false;

const indexNow = config.indexNow;

const handler = createInvalidateHandler({
	websiteId: config.websiteId,
	secret: () => (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[config.secretEnv],
	indexNow: indexNow && {
		target: indexNow.target,
		pageUrl: (ref) => `${indexNow.pageBase}${livePath(indexNow.route, ref, indexNow.trailingSlash)}`,
	},
});

export const POST: APIRoute = (context) => handler(context);
export const ALL: APIRoute = (context) => handler(context);
