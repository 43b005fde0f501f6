/**
 * Where a site's purges go, told by its `cache.provider` at config time, and how each host takes a
 * large purge: tags per call and calls in flight, chosen from each host's documented limits
 * (docs/on-demand.md, "Purges in batches"). A 1,000-ref webhook is 1,001 tags.
 */

export type PurgeHost = 'netlify' | 'vercel' | 'cloudflare' | 'varnish' | 'memory' | 'other';

/** How the webhook deletes on Vercel: `invalidate` (stale once, the adapter's) or `delete`. */
export type VercelPurge = 'invalidate' | 'delete';

export interface PurgePlan {
	/** Tags handed to one `cache.invalidate()` (or one host call). */
	tagsPerCall: number;
	/** At most this many of those at once. */
	callsInFlight: number;
}

/** What the webhook's route knows of the host, baked into the build. */
export interface HostPurgeConfig {
	host: PurgeHost;
	vercel?: VercelPurge | undefined;
	/** Built by `astro dev`, where Astro keeps no route cache whatever the provider. */
	dev?: boolean | undefined;
	/** Whether the site names a `cache.provider` at all. */
	provider?: boolean | undefined;
}

export const PURGE_PLANS: Record<PurgeHost, PurgePlan> = {
	// One `POST /api/v1/purge` a call, the tags in `cache_tags`. Netlify's API allows 500 requests a
	// minute; it documents no tag count a call, so bodies stay near 6 KB: 11 calls, 4 at a time.
	netlify: { tagsPerCall: 100, callsInFlight: 4 },
	// `cacheVercel()` calls `invalidateByTag` once for each tag it is given, all at once: one tag a
	// call, ten calls at a time, is ten purge calls in flight at most, kept full until the last.
	vercel: { tagsPerCall: 1, callsInFlight: 10 },
	// Cloudflare's purge takes 100 tags a request on every plan, and the Free plan 5 requests a
	// minute (a bucket of 25): 11 requests, one at a time.
	cloudflare: { tagsPerCall: 100, callsInFlight: 1 },
	// `cacheVarnish()` splits by header size itself (about ten requests a node, four at a time).
	varnish: { tagsPerCall: Number.POSITIVE_INFINITY, callsInFlight: 1 },
	// In the server's own memory: no network call to bound.
	memory: { tagsPerCall: Number.POSITIVE_INFINITY, callsInFlight: 1 },
	// A provider of unknown limits: Vercel's cautious shape.
	other: { tagsPerCall: 10, callsInFlight: 1 },
};

/**
 * `dangerouslyDeleteByTag` takes a list: 100 tags a call, under the 8,196 characters Vercel's REST
 * API documents for a list of tags, four calls at a time.
 */
export const VERCEL_DELETE_PLAN: PurgePlan = { tagsPerCall: 100, callsInFlight: 4 };
export const VERCEL_TAG_LIST_MAX_CHARS = 8000;

/** The name a host's users know it by, in the webhook's answers. */
export const HOST_NAMES: Record<PurgeHost, string> = {
	netlify: 'Netlify',
	vercel: 'Vercel',
	cloudflare: 'Cloudflare',
	varnish: 'Varnish',
	memory: 'The route cache',
	other: 'The cache provider',
};

const BY_ENTRYPOINT: Record<string, PurgeHost> = {
	'@astrojs/netlify/cache/provider': 'netlify',
	'@astrojs/vercel/cache/provider': 'vercel',
	'@astrojs/cloudflare/cache/provider': 'cloudflare',
	'astro-audio-reviews/cache/provider': 'varnish',
	'astro/cache/memory': 'memory',
};

/** The host of a `cache.provider` as the config names it (`cacheNetlify()` → `netlify`). */
export function purgeHostOf(
	provider: { name?: string | undefined; entrypoint?: unknown } | undefined,
): PurgeHost {
	if (!provider) return 'other';
	const byEntrypoint = BY_ENTRYPOINT[String(provider.entrypoint)];
	if (byEntrypoint) return byEntrypoint;
	const name = provider.name as PurgeHost | undefined;
	return name !== undefined && name in PURGE_PLANS ? name : 'other';
}

/** `tags` in the plan's calls: at most `tagsPerCall` each, and at most `maxChars` joined by commas. */
export function tagBatches(
	tags: readonly string[],
	plan: PurgePlan,
	maxChars = Number.POSITIVE_INFINITY,
): string[][] {
	const batches: string[][] = [];
	let current: string[] = [];
	let chars = 0;
	for (const tag of new Set(tags)) {
		const full = current.length >= plan.tagsPerCall || chars + tag.length + 1 > maxChars;
		if (current.length > 0 && full) {
			batches.push(current);
			current = [];
			chars = 0;
		}
		current.push(tag);
		chars += tag.length + 1;
	}
	if (current.length > 0) batches.push(current);
	return batches;
}
