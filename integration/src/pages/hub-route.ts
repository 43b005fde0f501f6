// `getStaticPaths` of the injected hub routes, from the same product pages as the product
// routes (one computation per build). Runs inside Astro.
import config from 'virtual:astro-audio-reviews/config';
import { parseRoute, siteCatalogue } from '../routing/site-catalogue.js';
import { registerSitemapPages } from '../sitemaps/sitemap.js';
import { type HubStaticPath, hubPages } from './hub-paths.js';

export async function getHubStaticPaths({
	routePattern,
}: {
	routePattern: string;
}): Promise<HubStaticPath[]> {
	const { route } = parseRoute(config.route);
	const { products, locales } = await siteCatalogue(route);
	const hub = config.hub || undefined;
	const all = hubPages(products, {
		route,
		trailingSlash: config.trailingSlash,
		pageSize: hub?.pageSize,
		order: hub?.order,
		localeOrder: locales,
		prefixDefaultLocale: config.prefixDefaultLocale,
		localePaths: config.localePaths,
	});
	registerSitemapPages(
		config.base,
		all.map((page) => ({ path: page.props.path, lastmod: page.props.lastmod, indexable: true })),
	);
	const wantsLocale = routePattern.replace(/^\/+/, '').startsWith('[locale]');
	return all.filter((page) => (page.params.locale !== undefined) === wantsLocale);
}
