/**
 * What `virtual:astro-audio-reviews/search` exports on a site with `search: 'postgres'`: the
 * search of the live collection's catalogue, for the endpoint, `ReviewSearch` and the webhook.
 */
import { getLiveCollection, getLiveEntry } from 'astro:content';
import config from 'virtual:astro-audio-reviews/config';
import {
	checkSearchParams,
	liveContentOf,
	liveSearchReindex,
	liveSearchTarget,
	type SearchResponseBody,
	searchFor,
	searchResponse,
} from '#internal/search';

const content = liveContentOf({ getLiveCollection, getLiveEntry });
const target = () => liveSearchTarget(content, config);

export const searchReindex = (refs: readonly string[]) => liveSearchReindex(content, config, refs);

export const searchEndpoint = (url: URL, log?: { warn(message: string): void }) =>
	searchResponse(url, target, log);

/**
 * `ReviewSearch`'s server-side results for the page's `?q=`: undefined without a query, an
 * `error` (the component says the search is unavailable) when the database is away.
 */
export async function searchPage(
	url: URL,
	locale: string | undefined,
): Promise<{ body?: SearchResponseBody; error?: string } | undefined> {
	if (!url.searchParams.get('q')?.trim()) return undefined;
	try {
		const site = await target();
		const query = new URLSearchParams({ q: url.searchParams.get('q')! });
		if (locale) query.set('locale', locale);
		const checked = checkSearchParams(query, site.locales);
		if (!checked.ok) return { error: checked.message };
		return { body: await searchFor(site, checked.params) };
	} catch (error) {
		return { error: (error as Error).message };
	}
}
