import type { APIContext } from 'astro';
import pLimit from 'p-limit';
import { CachePurgeError, HostPurgeError } from '../../errors/errors.js';
import {
	HOST_NAMES,
	type HostPurgeConfig,
	PURGE_PLANS,
	type PurgePlan,
	tagBatches,
	VERCEL_DELETE_PLAN,
	VERCEL_TAG_LIST_MAX_CHARS,
} from './purge-hosts.js';
import { vercelPurgeApi } from './vercel-context.js';

type CacheLike = Pick<APIContext['cache'], 'invalidate'>;

/**
 * Purges `tags` on the site's host in the host's batches, through the site's cache provider (on
 * Vercel with `delete`, through Vercel's own purge API, which the adapter does not call). Every batch
 * is tried; any failure throws a `HostPurgeError` naming the host, after the others went through.
 */
export async function purgeOnHost(
	cache: CacheLike,
	tags: readonly string[],
	config: HostPurgeConfig,
): Promise<void> {
	const host = HOST_NAMES[config.host];
	const missing = missingCredentials(config);
	if (missing)
		throw new HostPurgeError(host, 'not_sent', `the purge could not be sent: ${missing}`);
	const deleteOnVercel = config.host === 'vercel' && config.vercel === 'delete';
	const plan = deleteOnVercel ? VERCEL_DELETE_PLAN : PURGE_PLANS[config.host];
	const batches = deleteOnVercel
		? tagBatches(tags, plan, VERCEL_TAG_LIST_MAX_CHARS)
		: tagBatches(tags, plan);
	const api = deleteOnVercel ? vercelPurgeApi() : undefined;
	const purge = api
		? (batch: string[]) => api.dangerouslyDeleteByTag(batch)
		: (batch: string[]) => cache.invalidate({ tags: batch });
	await runBatches(host, batches, plan, purge);
}

/** Why a purge cannot reach the host, before anything is sent; undefined when it can. */
function missingCredentials(config: HostPurgeConfig): string | undefined {
	if (config.host === 'netlify') {
		// What `purgeCache` of @netlify/functions reads, from the function's environment.
		const env = typeof process === 'undefined' ? {} : process.env;
		const unset = ['SITE_ID', 'NETLIFY_PURGE_API_TOKEN'].filter((name) => !env[name]);
		if (unset.length > 0)
			return `${unset.join(' and ')} ${unset.length > 1 ? 'are' : 'is'} not set in the function's environment (Netlify's purge API needs the site's id and a token; see "On Netlify" in docs/on-demand.md)`;
	}
	if (config.host === 'vercel' && !vercelPurgeApi())
		return "no purge API in the function's request context: this is not Vercel's runtime (vercel dev, or a copy of the build run elsewhere), so nothing would reach Vercel's CDN; call the deployed site's webhook";
	return undefined;
}

async function runBatches(
	host: string,
	batches: readonly string[][],
	plan: PurgePlan,
	purge: (batch: string[]) => Promise<void>,
): Promise<void> {
	const limit = pLimit(plan.callsInFlight);
	const outcomes = await Promise.allSettled(batches.map((batch) => limit(() => purge(batch))));
	const failures = outcomes.flatMap((outcome, index) =>
		outcome.status === 'rejected'
			? [{ error: outcome.reason as unknown, tags: batches[index]! }]
			: [],
	);
	const first = failures[0];
	if (!first) return;
	// A shared cache names each node itself; one batch of it is the whole purge.
	if (first.error instanceof CachePurgeError && batches.length === 1) throw first.error;
	const status = statusOf(first.error);
	const unpurged = failures.reduce((sum, failure) => sum + failure.tags.length, 0);
	const total = batches.reduce((sum, batch) => sum + batch.length, 0);
	const what =
		status === undefined
			? `the purge failed: ${describe(first.error)}`
			: `its purge API refused the purge (HTTP ${status})`;
	throw new HostPurgeError(
		host,
		status === undefined ? 'failed' : 'refused',
		`${what}; ${failures.length} of ${batches.length} purge call(s) failed, ${unpurged} of ${total} tags not purged${unpurged < total ? ' (the others were)' : ''}: a retry of the webhook is safe`,
		first.error,
	);
}

/** The HTTP status a purge client's error names (`purgeCache`: "unexpected status code: 403"). */
function statusOf(error: unknown): number | undefined {
	const match = /status(?: code)?:? (\d{3})\b/i.exec(describe(error));
	return match ? Number(match[1]) : undefined;
}

function describe(error: unknown): string {
	if (!(error instanceof Error)) return String(error).slice(0, 300);
	const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
	return `${error.message}${cause}`.slice(0, 300);
}
