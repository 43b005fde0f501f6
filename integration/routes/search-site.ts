/**
 * What `virtual:astro-audio-reviews/search` exports on a site with `search: 'postgres'`: the
 * search of the live collection's catalogue, for the endpoint, `ReviewSearch` and the webhook.
 * Its website, locales and client are the live loader's, read off it in the site's live config
 * (no request made); the connection variables are read on every call, through astro:env then
 * process.env (a rotated password needs no restart).
 */
import { getLiveCollection, getLiveEntry } from 'astro:content';
import config from 'virtual:astro-audio-reviews/config';
import { collections } from 'virtual:astro-audio-reviews/live-collections';
import {
	liveContentOf,
	liveLocaleRule,
	liveProductPath,
	liveSourceOf,
	liveSourceQuery,
	runtimeSecret,
	withBase,
} from '#internal/routes';
import {
	checkSearchParams,
	DATABASE_URL_ENV,
	READ_URL_ENV,
	reindexRefs,
	type SearchConnection,
	type SearchResponseBody,
	type SearchTarget,
	searchFor,
	searchResponse,
} from '#internal/search';

const content = liveContentOf({ getLiveCollection, getLiveEntry }, collections);
const source = () => liveSourceOf(content, liveSourceQuery(config));

function connection(): SearchConnection | undefined {
	const primary = runtimeSecret(DATABASE_URL_ENV);
	return primary ? { primary, read: runtimeSecret(READ_URL_ENV) } : undefined;
}

async function target(): Promise<SearchTarget> {
	const live = await source();
	const { locales, defaultLocale, routing } = liveLocaleRule(live, config);
	return {
		websiteId: live.options.websiteId,
		locales: [defaultLocale, ...locales.filter((locale) => locale !== defaultLocale)],
		productUrl: (ref, locale) =>
			withBase(config.base, liveProductPath(config, locale, routing, ref)),
		connection: connection(),
	};
}

/** The webhook's re-index of the refs it purged; nothing when no database is named. */
export async function searchReindex(refs: readonly string[]) {
	const database = connection();
	if (!database) return undefined;
	const live = await source();
	return reindexRefs(live.client, live.options, database.primary, refs);
}

export const searchEndpoint = (url: URL) => searchResponse(url, target);

/**
 * `ReviewSearch`'s server-side results for the page's `?q=`: undefined without a query, an
 * `error` (the component says the search is unavailable) when it cannot answer.
 */
export async function searchPage(
	url: URL,
	locale: string | undefined,
): Promise<{ body?: SearchResponseBody; error?: string } | undefined> {
	const q = url.searchParams.get('q')?.trim();
	if (!q) return undefined;
	try {
		const site = await target();
		const query = new URLSearchParams({ q });
		if (locale) query.set('locale', locale);
		const checked = checkSearchParams(query, site.locales);
		if (!checked.ok) return { error: checked.message };
		return { body: await searchFor(site, checked.params) };
	} catch (error) {
		return { error: (error as Error).message };
	}
}
