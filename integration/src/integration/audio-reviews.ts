import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroConfig, AstroIntegration } from 'astro';
import { forgetLoaded, registeredLocales, staleCollections } from '../loaders/build-state.js';
import { requireLoadedProducts } from '../render/pages/collection-check.js';
import { HUB_PAGE_SIZE, hubRoute } from '../render/pages/hub-paths.js';
import type { PageConfig } from '../render/pages/page-config.js';
import { collectPublishedPages } from '../render/pages/published-pages.js';
import { reportChanges } from './change-report.js';
import { createRefreshHandler } from './dev-refresh.js';
import { type AudioReviewsOptions, normalizeRoute, resolveIntegrationOptions } from './integration-options.js';
import { injectInvalidateRoute } from './invalidate-option.js';
import { layoutFile, layoutHeadWarning, missingWordsWarning } from './page-options.js';
import { outputFiles } from './prune-output.js';
import { REFRESH_SECRET_ENV } from './rebuild-options.js';
import { checkReviewsFeedConfig } from './review-feed-option.js';
import { virtualConfigPlugin, virtualLayoutPlugin } from './virtual-config.js';
import { buildReviewFeed } from './write-review-feed.js';

export const INTEGRATION_NAME = 'astro-audio-reviews';
const DEFAULT_ROUTE = '/products/[ref]';

/**
 * The Astro integration: injects the product pages (one per product and locale) that read
 * the collection loaded by `productsLoader()`. `route: false` injects nothing, for sites that
 * build their own pages with the components.
 */
export default function audioReviews(options?: AudioReviewsOptions): AstroIntegration {
	const resolved = resolveIntegrationOptions(options);
	let astroConfig: AstroConfig | undefined;
	let refreshNote: string | undefined;
	let buildStartedAt = Date.now();
	return {
		name: INTEGRATION_NAME,
		hooks: {
			'astro:config:setup': ({ config, command, injectRoute, updateConfig }) => {
				// Before the content sync of this build (tests and tools run several builds in one process).
				if (command === 'build') forgetLoaded();
				checkReviewsFeedConfig(resolved.reviewsFeed, { site: config.site, route: resolved.route });
				injectInvalidateRoute(resolved.invalidate, { injectRoute, updateConfig });
				// Unchanged pages then stay in dist/ ("(cached)") instead of being deleted and copied
				// back from Astro's cache ("(restored)"); build:done prunes what went stale.
				if (resolved.keepOutDir) updateConfig({ vite: { build: { emptyOutDir: false } } });
				// Also with `route: false`: components and `astro-audio-reviews/pages` read them.
				const route = normalizeRoute(resolved.route === false ? DEFAULT_ROUTE : resolved.route);
				const pageConfig: PageConfig = {
					collection: resolved.collection,
					route,
					localeRoute: `/[locale]${route}`,
					injected: resolved.route !== false,
					defaultLocale: resolved.defaultLocale ?? config.i18n?.defaultLocale,
					trailingSlash: urlsEndInSlash(config),
					base: config.base,
					uiText: resolved.uiText ?? {},
					emptyProducts: resolved.emptyProducts,
					hub: hubConfig(resolved.hub, route),
				};
				updateConfig({
					vite: { plugins: [virtualConfigPlugin(pageConfig), virtualLayoutPlugin(layoutFile(resolved.layout, config.root))] },
				});
				if (resolved.route === false) return;
				const entrypoint = new URL('../../pages/product.astro', import.meta.url);
				injectRoute({ pattern: route, entrypoint, prerender: true });
				injectRoute({ pattern: pageConfig.localeRoute, entrypoint, prerender: true });
				const parent = hubRoute(route);
				if (pageConfig.hub && parent !== undefined) {
					const hub = new URL('../../pages/hub.astro', import.meta.url);
					injectRoute({ pattern: `${parent}/[...page]`, entrypoint: hub, prerender: true });
					injectRoute({ pattern: `/[locale]${parent}/[...page]`, entrypoint: hub, prerender: true });
				}
			},
			'astro:config:done': ({ config }) => {
				astroConfig = config;
			},
			'astro:server:setup': ({ server, refreshContent, logger }) => {
				if (resolved.refresh === false || !refreshContent) return;
				const secret = resolved.refresh.secret ?? (process.env[REFRESH_SECRET_ENV] || undefined);
				server.middlewares.use(resolved.refresh.path, createRefreshHandler({ secret, refreshContent, log: logger }));
				refreshNote = `Refresh webhook: POST ${resolved.refresh.path} (${secret ? 'secret required' : `no secret set: any local client may call it; set ${REFRESH_SECRET_ENV} to require one`})`;
			},
			// Not in server:setup, which also runs for the build's internal server.
			'astro:server:start': ({ logger }) => {
				if (refreshNote) logger.info(refreshNote);
			},
			'astro:build:start': () => {
				buildStartedAt = Date.now();
				// After the content sync, before any page: an empty productsLoader() collection fails now
				// (a missing one, or one of another loader, fails where the pages read it).
				if (resolved.route !== false) requireLoadedProducts(resolved.collection);
				if (resolved.reviewsFeed !== false) collectPublishedPages(resolved.collection);
			},
			'astro:build:done': async ({ dir, assets, logger }) => {
				const wordsWarning = missingWordsWarning(registeredLocales(resolved.collection) ?? [], resolved.uiText);
				if (wordsWarning) logger.warn(wordsWarning);
				const headWarning =
					resolved.route === false ? undefined : layoutHeadWarning(resolved.layout, normalizeRoute(resolved.route), assets);
				if (headWarning) logger.warn(headWarning);
				const stale = staleCollections();
				for (const entry of stale) {
					logger.warn(
						`LAST KNOWN GOOD: collection "${entry.collection}" was built from the store synced at ${entry.syncedAt} (${entry.reason})`,
					);
				}
				if (!astroConfig) return;
				const feed = await buildReviewFeed(resolved.reviewsFeed, {
					collection: resolved.collection,
					dir: fileURLToPath(dir),
					config: astroConfig,
					logger,
				});
				// Whoever turned it off (this integration or the user), dist/ was not emptied.
				const keptOutDir = astroConfig.vite?.build?.emptyOutDir === false;
				if (resolved.changeReport === false && !keptOutDir) return;
				const root = fileURLToPath(astroConfig.root);
				const reportPath = resolved.changeReport === false ? undefined : fileURLToPath(new URL(resolved.changeReport, astroConfig.root));
				const report = await reportChanges({
					dir: fileURLToPath(dir),
					manifestPath: fileURLToPath(new URL('astro-audio-reviews/pages-manifest.json', astroConfig.cacheDir)),
					reportPath,
					style: {
						site: astroConfig.site,
						base: astroConfig.base,
						trailingSlash: urlsEndInSlash(astroConfig),
					},
					stale,
					outputs: feed ? new Set([...outputFiles(assets), feed.file]) : outputFiles(assets),
					otherFiles: feed ? [feed.path] : undefined,
					prune: keptOutDir ? { startedAt: buildStartedAt, publicDir: fileURLToPath(astroConfig.publicDir) } : undefined,
				});
				if (report.pruned.length > 0) {
					logger.info(
						`Deleted ${report.pruned.length} page${report.pruned.length === 1 ? '' : 's'} of the previous build that this build no longer has (dist/ is kept between builds: vite.build.emptyOutDir is false)`,
					);
				}
				if (report.refused.length > 0) {
					logger.warn(
						`Ignored ${report.refused.length} entr${report.refused.length === 1 ? 'y' : 'ies'} of the cached page list that point outside dist/ (e.g. ${JSON.stringify(report.refused[0]!.slice(0, 120))}): ` +
							'the restored node_modules/.astro cache is corrupt or was tampered with. Nothing outside dist/ was touched',
					);
				}
				if (report.unverified.length > 0) {
					logger.warn(
						`dist/ holds ${report.unverified.length} HTML file${report.unverified.length === 1 ? '' : 's'} that this build did not output (e.g. ${report.unverified[0]}), and there is no record of the previous build's pages (node_modules/.astro was not kept) to tell whether they are stale product pages. ` +
							'They were left in place: empty dist/ once (or build once without keepOutDir) if removed products may still have pages there',
					);
				}
				if (reportPath) logger.info(`Pages since the last build: ${report.summary} (${relative(root, reportPath)})`);
			},
		},
	};
}

/** Hub pages live at the route's parent path; a top-level route (`/[ref]`) has none, the home page is the site's. */
function hubConfig(hub: boolean | { pageSize: number }, route: string): PageConfig['hub'] {
	if (hub === false || hubRoute(route) === undefined) return false;
	return { pageSize: hub === true ? HUB_PAGE_SIZE : hub.pageSize };
}

/** Canonical, hreflang and report URLs must be the ones the host serves without a redirect. */
function urlsEndInSlash(config: AstroConfig): boolean {
	return config.trailingSlash === 'always' || (config.trailingSlash !== 'never' && config.build.format !== 'file');
}
