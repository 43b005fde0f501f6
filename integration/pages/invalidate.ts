/**
 * The invalidation webhook `audioReviews({ invalidate })` injects (on-demand). The secret is
 * read from the environment on every call, never baked into the build.
 */

import config from 'virtual:astro-audio-reviews/live-config';
import type { APIRoute } from 'astro';
import { createInvalidateHandler } from '../dist/live/index.js';

export const prerender = false;

const handler = createInvalidateHandler({
	websiteId: config.websiteId,
	secret: () => (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[config.secretEnv],
});

export const POST: APIRoute = (context) => handler(context);
export const ALL: APIRoute = (context) => handler(context);
