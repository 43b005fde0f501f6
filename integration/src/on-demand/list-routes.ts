import type { APIContext } from 'astro';
import { type CatalogueQuery, catalogueQuery } from '../client/sync-catalogue.js';
import type { PageConfig } from '../pages/page-config.js';
import {
	type LocaleRouting,
	localeMismatchWarnings,
	localeOfSegment,
	withDefaultLocale,
} from '../routing/locale-routing.js';
import { cacheControlHeader } from './cache-policy.js';
import { type CachePolicy, resolveCachePolicy } from './cache-policy-option.js';
import { type LiveContent, type LiveSourceQuery, liveSourceOf } from './collection-source.js';
import { listsTag, websiteTag } from './live-loader/cache-tags.js';
import type { LiveSource } from './live-loader/live-source.js';
import { liveLoaderLocales } from './live-loader/products-live-loader.js';
import { escapeHtml, liveErrorResponse, notFoundPage, type RequestLogger } from './responses.js';

/** What the on-demand lists share: the loader they read, its locales, one way to cache and fail. */
export type LiveListsConfig = Pick<
	PageConfig,
	| 'collection'
	| 'liveCollection'
	| 'route'
	| 'trailingSlash'
	| 'base'
	| 'defaultLocale'
	| 'prefixDefaultLocale'
	| 'localePaths'
	| 'emptyProducts'
	| 'hub'
> & {
	websiteId?: string | undefined;
	/** `getLiveCollection` and `getLiveEntry` of `astro:content`. */
	content: LiveContent;
};

export interface LiveLists {
	source: LiveSource;
	locales: readonly string[];
	/** The configured default locale, else Astro's, else the loader's first. */
	defaultLocale: string;
	routing: LocaleRouting;
	query: (locale: string) => CatalogueQuery;
}

export async function liveLists(
	config: LiveListsConfig,
	logger?: RequestLogger | undefined,
): Promise<LiveLists> {
	const source = await liveSourceOf(config.content, liveSourceQuery(config));
	warnAboutLocales(liveLoaderLocales(source.options), config, logger);
	return {
		source,
		...liveLocaleRule(source, config),
		query: (locale) => catalogueQuery(source.options, locale),
	};
}

const warnedLocales = new Set<string>();

/** Where the live loader's locales and Astro's `i18n` disagree, said once per server. */
function warnAboutLocales(
	locales: readonly string[],
	site: LocaleRouting,
	logger: RequestLogger | undefined,
): void {
	const key = JSON.stringify([locales, site.localePaths]);
	if (!logger || warnedLocales.has(key)) return;
	warnedLocales.add(key);
	for (const warning of localeMismatchWarnings(site, locales, LIVE_LOADER)) logger.warn(warning);
}

const LIVE_LOADER = { loader: 'productsLiveLoader', file: 'src/live.config.ts' };

/** The live collection the routes read, and the website it must read. */
export function liveSourceQuery(
	config: Pick<PageConfig, 'collection' | 'liveCollection'> & { websiteId?: string | undefined },
): LiveSourceQuery {
	return { collection: config.liveCollection ?? config.collection, websiteId: config.websiteId };
}

export function liveLocaleRule(
	source: LiveSource,
	site: LocaleRouting,
): Pick<LiveLists, 'locales' | 'defaultLocale' | 'routing'> {
	const locales = liveLoaderLocales(source.options);
	const preferred = site.defaultLocale;
	const defaultLocale = preferred && locales.includes(preferred) ? preferred : locales[0]!;
	return { locales, defaultLocale, routing: withDefaultLocale(site, defaultLocale) };
}

/** The loader's locale a `[locale]` URL segment names; undefined is a 404. */
export function localeOfParam(
	lists: Pick<LiveLists, 'locales' | 'routing'>,
	param: string | undefined,
): string | undefined {
	return localeOfSegment(lists.routing, param, lists.locales);
}

/** A crawler needs no five-minute freshness: the webhook purges a list as soon as it changes. */
export const SITEMAP_CACHE_POLICY: Readonly<CachePolicy> = resolveCachePolicy({
	maxAge: 3600,
	swr: 86_400,
});

type CacheContext = Pick<APIContext, 'cache'> & { logger?: RequestLogger | undefined };

export function cacheList(
	context: CacheContext,
	websiteId: string,
	policy: CachePolicy,
	headers: Headers,
): void {
	if (context.cache.enabled)
		context.cache.set({
			maxAge: policy.maxAge,
			swr: policy.swr,
			tags: [websiteTag(websiteId), listsTag(websiteId)],
		});
	headers.set('Cache-Control', cacheControlHeader(policy));
}

/** A list page past the catalogue's end, cached briefly so the product that fills it purges it. */
export function listNotFound(
	context: CacheContext,
	websiteId: string | undefined,
	what: string,
): Response {
	const policy = resolveCachePolicy();
	if (context.cache.enabled) {
		context.cache.set({ maxAge: policy.notFoundMaxAge, swr: 0 });
		if (websiteId) context.cache.set({ tags: [websiteTag(websiteId), listsTag(websiteId)] });
	}
	// `what` may quote the request (a locale of the URL).
	return notFoundPage('Not found', `There is no ${escapeHtml(what)}.`, policy);
}

/** 503 (502 for invalid data), never cached: a crawler retries rather than keep a short list. */
export function listErrorResponse(context: CacheContext, error: unknown, what: string): Response {
	if (context.cache.enabled) context.cache.set(false);
	return liveErrorResponse(error instanceof Error ? error : new Error(String(error)), {
		what,
		logger: context.logger,
	});
}
