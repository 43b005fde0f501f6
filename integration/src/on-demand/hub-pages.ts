import type { AstroGlobal } from 'astro';
import { hubItemOf } from '../pages/hub-item.js';
import type { HubPageProps } from '../pages/hub-paths.js';
import { hubBasePath, hubPagePath } from '../routing/hub-urls.js';
import { hasPage } from '../routing/product-paths.js';
import type { Product } from '../schema/product.js';
import { catalogueSlice, confirmCount } from './catalogue-slices.js';
import {
	cacheList,
	type LiveListsConfig,
	listErrorResponse,
	listNotFound,
	liveLists,
	localeOfParam,
} from './list-routes.js';
import { effectivePolicy, liveProductPath } from './product-pages.js';
import { liveHubPath } from './urls.js';

// Hub pages of an on-demand catalogue, at the static hub pages' URLs (`/products/`,
// `/products/~page-<n>/`, `/<locale>/products/…`) with their words, layout and JSON-LD: page n
// lists the products at list positions `(n - 1) × pageSize` onwards, in the service's order (a
// catalogue too large to load cannot be sorted by name), so following "next" from the first page
// reaches every product. Products `emptyProducts: 'skip'` leaves without a page are left out.
type HubContext = Pick<AstroGlobal, 'cache' | 'params' | 'response'> & {
	logger?: Pick<AstroGlobal['logger'], 'warn' | 'error'> | undefined;
};

export async function liveHubPage(
	astro: HubContext,
	config: LiveListsConfig,
): Promise<HubPageProps | Response> {
	const pageSize = config.hub === false ? undefined : config.hub.pageSize;
	const page = hubPageNumber(astro.params.page);
	if (pageSize === undefined || page === undefined)
		return listNotFound(astro, config.websiteId, 'such hub page');
	try {
		const lists = await liveLists(config, astro.logger);
		// Only the locale the site's routing puts at the URL:
		const locale = localeOfParam(lists, astro.params.locale);
		const base =
			locale === undefined ? undefined : hubBasePath(config.route, locale, lists.routing);
		const websiteId = lists.source.options.websiteId;
		if (locale === undefined || base === undefined)
			return listNotFound(
				astro,
				websiteId,
				`hub for the locale ${JSON.stringify(astro.params.locale ?? lists.defaultLocale)}`,
			);
		const { client, options } = lists.source;
		const offset = (page - 1) * pageSize;
		// One more than the page holds: a `count_item` too low still leads on to the next page.
		const range = { offset, end: offset + pageSize + 1 };
		// A visitor waits on a hub page as on a product page: the loader's budget from now, queue included.
		const deadline = Date.now() + options.retryBudgetMs;
		const slice = await catalogueSlice(
			client,
			options,
			lists.query(locale),
			range,
			(p: Product) => p,
			deadline,
		);
		// The page count comes from count_item: checked where it claims products past this page's walk.
		if (slice.count > range.end)
			await confirmCount(client, lists.query(locale), slice.count, { deadline });
		if (page > 1 && slice.products.length === 0)
			return listNotFound(astro, websiteId, `hub page ${page}: the catalogue ends before it`);
		const pageCount = Math.max(
			Math.ceil(slice.count / pageSize),
			slice.products.length > pageSize ? page + 1 : page,
			1,
		);
		const shown = slice.products
			.slice(0, pageSize)
			.filter((product) => hasPage(product.reviews.length, config.emptyProducts));
		const multilingual = lists.locales.length > 1;
		const props: HubPageProps = {
			locale: multilingual ? locale : undefined,
			lang: locale,
			defaultLocale: multilingual ? lists.defaultLocale : undefined,
			page,
			pageCount,
			base,
			path: hubPagePath(base, page, config.trailingSlash),
			trailingSlash: config.trailingSlash,
			items: shown.map((product) =>
				hubItemOf(product, liveProductPath(config, locale, lists.routing, product.external_id)),
			),
			firstPosition: offset + 1,
			total: Math.max(slice.count, offset + slice.products.length),
			// Every locale has a first page; how far the others' further pages go is not known here,
			// so a further page names their first (for the switchers) and no hreflang pair.
			alternates: multilingual
				? lists.locales.map((other) => {
						const samePage = page === 1 || other === locale;
						return {
							locale: other,
							path: liveHubPath(config, other, lists.routing, samePage ? page : 1)!,
							samePage,
						};
					})
				: [],
			lastmod: undefined,
		};
		cacheList(astro, websiteId, effectivePolicy(astro, undefined), astro.response.headers);
		return props;
	} catch (error) {
		return listErrorResponse(astro, error, 'This hub page');
	}
}

/** Page 1 has no parameter; page n ≥ 2 is `~page-<n>` written without leading zeros. */
function hubPageNumber(param: string | undefined): number | undefined {
	if (param === undefined || param === '') return 1;
	return /^[2-9]$|^[1-9]\d{1,6}$/.test(param) ? Number(param) : undefined;
}
