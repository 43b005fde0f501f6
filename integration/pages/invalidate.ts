/**
 * The invalidation webhook `audioReviews({ invalidate })` injects (on-demand). The secret is
 * read from the environment on every call, never baked into the build.
 */

import pageConfig from 'virtual:astro-audio-reviews/config';
import config from 'virtual:astro-audio-reviews/live-config';
import type { APIRoute } from 'astro';
import { createInvalidateHandler, type PurgedPagesSubmission } from 'astro-audio-reviews/live';
import { liveProductUrls } from '#internal/routes';

export const prerender = false;

// Evaluates `src/live.config.ts` (as the on-demand sitemaps do), whose productsLiveLoader() tells
// the locales a purged page is submitted in. Loaded apart so a failing live config never fails a
// purge: the submission then names the default locale's page only, as on a site without one.
const liveConfig = config.indexNow ? import('astro:content').catch(() => undefined) : undefined;

/** The sitemaps' URLs (base, trailing slash, default locale of the pages' config), at the route IndexNow was given. */
function submission(purged: NonNullable<typeof config.indexNow>): PurgedPagesSubmission {
	const urls = { ...pageConfig, route: purged.route, site: purged.site, websiteId: config.websiteId };
	return { target: purged.target, pageUrl: (ref) => liveProductUrls(urls, ref) };
}

const handler = createInvalidateHandler({
	websiteId: config.websiteId,
	secret: () => (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[config.secretEnv],
	indexNow: config.indexNow && submission(config.indexNow),
});

const route: APIRoute = async (context) => {
	await liveConfig;
	return handler(context);
};

export const POST: APIRoute = route;
export const ALL: APIRoute = route;
