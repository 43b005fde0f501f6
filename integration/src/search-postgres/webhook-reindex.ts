// The invalidate webhook's call into the search index (`search: 'postgres'`): the refs it purged
// are re-indexed, or removed, before it answers 200, so a query after the answer shows the change.
// A failure answers 502: the caller retries the whole call, and a second purge costs nothing.

export type SearchReindex = (
	refs: readonly string[],
) => Promise<{ indexed: number; removed: number } | undefined>;

/** What the webhook adds to its 200 answer, or its 502 when the index could not be written. */
export async function reindexPurged(
	reindex: SearchReindex | undefined,
	refs: readonly string[] | undefined,
): Promise<{ search?: { indexed: number; removed: number } } | Response> {
	// `{}` purges every page; the scheduled `audio-reviews index` run re-reads the whole catalogue.
	if (!reindex || !refs) return {};
	try {
		const outcome = await reindex(refs);
		return outcome ? { search: outcome } : {};
	} catch (error) {
		return new Response(
			JSON.stringify({
				error: 'reindex_failed',
				message: `The pages were purged, but the search index was not updated: ${(error as Error).message}`,
			}),
			{
				status: 502,
				headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
			},
		);
	}
}
