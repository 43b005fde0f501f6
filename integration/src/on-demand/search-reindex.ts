import { NO_STORE } from './cache-policy.js';
import type { WebhookRequest } from './webhook.js';

// The webhook's call into the search index (`search: 'postgres'`): the refs it purged are
// re-indexed, or removed, before it answers 200, so a query after the answer shows the change.
// A failure answers 502: the caller retries the whole call, and a second purge costs nothing.

export type SearchReindex = (
	refs: readonly string[],
) => Promise<{ indexed: number; removed: number } | undefined>;

export async function reindexPurged(
	reindex: SearchReindex | undefined,
	request: WebhookRequest,
): Promise<{ search: { indexed: number; removed: number } } | Response | object> {
	// `{}` purges every page; the scheduled `audio-reviews index` run re-reads the whole catalogue.
	if (!reindex || request.scope !== 'products') return {};
	try {
		const outcome = await reindex(request.refs);
		return outcome ? { search: outcome } : {};
	} catch (error) {
		return new Response(
			JSON.stringify({
				error: 'reindex_failed',
				message: `The pages were purged, but the search index was not updated: ${(error as Error).message}`,
			}),
			{
				status: 502,
				headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': NO_STORE },
			},
		);
	}
}
