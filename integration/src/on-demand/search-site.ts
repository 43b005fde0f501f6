import { runtimeSecret } from '../options/runtime-secret.js';
import { withBase } from '../routing/url.js';
import {
	DATABASE_URL_ENV,
	READ_URL_ENV,
	type SearchConnection,
} from '../search-postgres/database.js';
import type { SearchTarget } from '../search-postgres/endpoint.js';
import { type ReindexOutcome, reindexRefs } from '../search-postgres/reindex.js';
import type { PageConfig } from '../view/page-config.js';
import { type LiveContent, liveSourceOf } from './collection-source.js';
import { liveLocaleRule, liveSourceQuery } from './list-routes.js';
import { liveProductPath } from './product-pages.js';

// The search of an on-demand site: the live loader's website, locales and client (lent, no
// request made), the pages' URLs, and the database named by the environment, read on every call
// (a rotated password needs no restart).

export function searchConnection(): SearchConnection | undefined {
	const primary = runtimeSecret(DATABASE_URL_ENV);
	return primary ? { primary, read: runtimeSecret(READ_URL_ENV) } : undefined;
}

export async function liveSearchTarget(
	content: Pick<LiveContent, 'getLiveCollection'>,
	config: PageConfig,
): Promise<SearchTarget> {
	const source = await liveSourceOf(content, liveSourceQuery(config));
	const { locales, defaultLocale, routing } = liveLocaleRule(source, config);
	return {
		websiteId: source.options.websiteId,
		locales: [defaultLocale, ...locales.filter((locale) => locale !== defaultLocale)],
		productUrl: (ref, locale) =>
			withBase(config.base, liveProductPath(config, locale, routing, ref)),
		connection: searchConnection(),
	};
}

/** The webhook's re-index of the refs it purged; nothing when no database is named. */
export async function liveSearchReindex(
	content: Pick<LiveContent, 'getLiveCollection'>,
	config: PageConfig,
	refs: readonly string[],
): Promise<ReindexOutcome | undefined> {
	const connection = searchConnection();
	if (!connection) return undefined;
	const source = await liveSourceOf(content, liveSourceQuery(config));
	return reindexRefs(source.client, source.options, connection.primary, refs);
}
