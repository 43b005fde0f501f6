import type { AstroGlobal } from 'astro';
import type { ProductPageProps } from '../routing/product-paths.js';
import {
	type LiveLists,
	type LiveListsConfig,
	listErrorResponse,
	listNotFound,
	liveLists,
	liveSourceQuery,
	localeOfParam,
} from './list-routes.js';
import { type LivePageContext, liveProductPage } from './product-pages.js';
import { liveRef } from './request-ref.js';

/**
 * The on-demand product page of a prefixed locale, `/<locale>/products/<ref>/` (every locale with
 * Astro's `prefixDefaultLocale`): the URL the on-demand sitemaps and hub pages publish for every
 * other locale of the live loader.
 */
export async function liveLocaleProductPage(
	astro: LivePageContext & Pick<AstroGlobal, 'params' | 'request'>,
	config: LiveListsConfig & { reviewsPerPage?: number | undefined },
): Promise<ProductPageProps | Response> {
	let lists: LiveLists;
	try {
		lists = await liveLists(config, astro.logger);
	} catch (error) {
		return listErrorResponse(astro, error, 'This page');
	}
	const { options } = lists.source;
	const locale = localeOfParam(lists, astro.params.locale ?? '');
	if (locale === undefined)
		return listNotFound(
			astro,
			options.websiteId,
			`product page in the locale ${JSON.stringify(astro.params.locale ?? '')}`,
		);
	const ref = liveRef(astro, { route: config.route }) ?? '';
	const collection = liveSourceQuery(config).collection;
	// Every locale's version, through the loader's shared in-flight loads: the page names the others.
	const versions = await Promise.all(
		lists.locales.map(async (other) => ({
			locale: other,
			result: await config.content.getLiveEntry(collection, { ref, locale: other }),
		})),
	);
	const result = versions.find((version) => version.locale === locale)!.result;
	return liveProductPage(astro, result, {
		ref,
		route: config.route,
		trailingSlash: config.trailingSlash,
		websiteId: options.websiteId,
		emptyProducts: config.emptyProducts,
		...(config.reviewsPerPage === undefined ? {} : { reviewsPerPage: config.reviewsPerPage }),
		locale,
		defaultLocale: lists.defaultLocale,
		routing: lists.routing,
		...(lists.locales.length > 1 ? { versions } : {}),
	});
}
