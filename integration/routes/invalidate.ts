/**
 * The invalidation webhook `audioReviews({ invalidate })` injects (on-demand). The secret is
 * read from the environment on every call, never baked into the build.
 */

import pageConfig from 'virtual:astro-audio-reviews/config';
import config from 'virtual:astro-audio-reviews/live-config';
import { searchReindex } from 'virtual:astro-audio-reviews/search';
import type { APIRoute } from 'astro';
import { createInvalidateHandler, type PurgedPagesSubmission } from 'astro-audio-reviews/live';
import {
	findLiveSource,
	liveContentOf,
	livePurgedUrls,
	liveSourceQuery,
	purgedProductsWait,
	runtimeSecret,
} from '#internal/routes';

export const prerender = false;

// The live collection's loader tells the locales a purged page is submitted in. `astro:content` and
// the live config are loaded apart so a failing live config never fails a purge: the submission
// then names the default locale's page only, as on a site without a live collection (one that
// only purges).
const content = config.indexNow
	? Promise.all([import('astro:content'), import('virtual:astro-audio-reviews/live-collections')])
			.then(([astro, live]) => liveContentOf(astro, live.collections))
			.catch(() => undefined)
	: undefined;

/**
 * The sitemaps' URLs (base, trailing slash, default locale and review pages of the pages' config),
 * at the route IndexNow was given.
 */
function submission(
	purged: NonNullable<typeof config.indexNow>,
	live: Awaited<typeof content>,
): PurgedPagesSubmission {
	const urls = { ...pageConfig, route: purged.route, site: purged.site };
	const query = liveSourceQuery({ ...pageConfig, websiteId: config.websiteId });
	// Asked once per call: no request to the service, and a live config fixed since is seen.
	const source = live ? findLiveSource(live, query) : Promise.resolve(undefined);
	const wait = purgedProductsWait();
	return {
		target: purged.target,
		pageUrl: async (ref) => livePurgedUrls(urls, live, await source, ref, wait),
	};
}

// Through astro:env, then process.env: a Worker's secrets reach the route only by the former.
const secret = () => runtimeSecret(config.secretEnv);

async function handler(): Promise<APIRoute> {
	const indexNow = config.indexNow && submission(config.indexNow, await content);
	return createInvalidateHandler({
		websiteId: config.websiteId,
		secret,
		indexNow,
		reindex: searchReindex,
		purge: config.purge,
	});
}

const route: APIRoute = async (context) => (await handler())(context);

export const POST: APIRoute = route;
export const ALL: APIRoute = route;
