/**
 * The invalidation webhook `audioReviews({ invalidate })` injects (on-demand). The secret is
 * read from the environment on every call, never baked into the build.
 */

import pageConfig from 'virtual:astro-audio-reviews/config';
import config from 'virtual:astro-audio-reviews/live-config';
import type { APIRoute } from 'astro';
import { createInvalidateHandler, type PurgedPagesSubmission } from 'astro-audio-reviews/live';
import { findLiveSource, type LiveSource, liveProductUrls } from '#internal/routes';

export const prerender = false;

// The live collection's loader tells the locales a purged page is submitted in. `astro:content` is
// loaded apart so a failing live config never fails a purge: the submission then names the default
// locale's page only, as on a site without a live collection (one that only purges).
const content = config.indexNow ? import('astro:content').catch(() => undefined) : undefined;

/** The sitemaps' URLs (base, trailing slash, default locale of the pages' config), at the route IndexNow was given. */
function submission(purged: NonNullable<typeof config.indexNow>, source: LiveSource | undefined): PurgedPagesSubmission {
	const urls = { ...pageConfig, route: purged.route, site: purged.site };
	return { target: purged.target, pageUrl: (ref) => liveProductUrls(urls, ref, source) };
}

const secret = () => (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[config.secretEnv];

async function handler(): Promise<APIRoute> {
	const live = await content;
	const source = live && (await findLiveSource(live, { collection: pageConfig.collection, websiteId: config.websiteId }));
	return createInvalidateHandler({ websiteId: config.websiteId, secret, indexNow: config.indexNow && submission(config.indexNow, source) });
}

const route: APIRoute = async (context) => (await handler())(context);

export const POST: APIRoute = route;
export const ALL: APIRoute = route;
