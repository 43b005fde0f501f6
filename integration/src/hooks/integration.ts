import { fileURLToPath } from 'node:url';
import type { AstroConfig, AstroIntegration } from 'astro';
import { devHub } from '../dev-loop/dev-hub.js';
import { createRefreshHandler } from '../dev-loop/dev-refresh.js';
import { emptyStorePageHandler } from '../dev-loop/empty-store-page.js';
import { LOADER_HOOK, RECORD_PATH } from '../dev-loop/protocol.js';
import { recordHandler } from '../dev-loop/record-endpoint.js';
import { REFRESH_SECRET_ENV } from '../dev-loop/refresh-option.js';
import { skippedPageHandler } from '../dev-loop/skipped-page.js';
import { TOOLBAR_APP } from '../dev-loop/toolbar-entry.js';
import { serveToolbarApp } from '../dev-loop/toolbar-server.js';
import { checkReviewsFeedConfig } from '../feed/review-feed-option.js';
import {
	type IndexNowSettings,
	purgedPagesConfig,
	resolveIndexNow,
} from '../indexnow/index-now-settings.js';
import { DEFAULT_ROUTE, hubSettings } from '../options/page-settings.js';
import { layoutFile } from '../pages/layout-file.js';
import type { PageConfig } from '../pages/page-config.js';
import { otherLoaderWarning, requireLoadedProducts } from '../routing/collection-check.js';
import { hubRoute } from '../routing/hub-urls.js';
import { type LocaleRouting, localeRoutingOf } from '../routing/locale-routing.js';
import { forgetLoaded, staleCollections } from '../state/build-state.js';
import { collectPublishedPages } from '../state/published-pages.js';
import {
	virtualCataloguePlugin,
	virtualConfigPlugin,
	virtualLayoutPlugin,
	virtualLiveCollectionsPlugin,
} from '../virtual/virtual-modules.js';
import { finishOutput, urlsEndInSlash, warnAboutPages } from './finish-build.js';
import {
	injectInvalidateRoute,
	injectOnDemandRoutes,
	injectSearchRoute,
	liveConfigFile,
} from './on-demand-routes.js';
import {
	type AudioReviewsOptions,
	normalizeRoute,
	type ResolvedAudioReviewsOptions,
	resolveIntegrationOptions,
} from './resolved-options.js';

export const INTEGRATION_NAME = 'astro-audio-reviews';

/**
 * The Astro integration: injects the product pages (one per product and locale) that read the
 * collection loaded by `productsLoader()`.
 */
export default function audioReviews(options?: AudioReviewsOptions): AstroIntegration {
	const resolved = resolveIntegrationOptions(options);
	let astroConfig: AstroConfig | undefined;
	let refreshNote: string | undefined;
	// What the loaders hand over in `astro dev` (LOADER_HOOK): read by the toolbar, record, webhook.
	const hub = devHub();
	let buildStartedAt = Date.now();
	let indexNow: IndexNowSettings | undefined;
	let routing: LocaleRouting = { defaultLocale: resolved.defaultLocale };
	return {
		name: INTEGRATION_NAME,
		hooks: {
			'astro:config:setup': (setup) => {
				routing = localeRoutingOf(setup.config.i18n, resolved.defaultLocale);
				indexNow = setUp(resolved, setup, routing);
			},
			'astro:config:done': ({ config }) => {
				astroConfig = config;
			},
			[LOADER_HOOK]: hub.hook,
			'astro:server:setup': ({ server, refreshContent, logger, toolbar }) => {
				if (!refreshContent) return;
				serveToolbarApp(toolbar, refreshContent, hub, logger);
				server.middlewares.use(RECORD_PATH, recordHandler(hub));
				if (resolved.route !== false) {
					const route = normalizeRoute(resolved.route);
					server.middlewares.use(skippedPageHandler(hub, route, astroConfig?.base ?? '/'));
					server.middlewares.use(emptyStorePageHandler(hub, route, astroConfig?.base ?? '/'));
				}
				if (resolved.refresh === false) return;
				const secret = resolved.refresh.secret ?? (process.env[REFRESH_SECRET_ENV] || undefined);
				server.middlewares.use(
					resolved.refresh.path,
					createRefreshHandler({ secret, refreshContent, hub, log: logger }),
				);
				refreshNote = `Refresh webhook: POST ${resolved.refresh.path} (${secret ? 'secret required' : `no secret set: any local client may call it; set ${REFRESH_SECRET_ENV} to require one`})`;
			},
			// Not in server:setup, which also runs for the build's internal server.
			'astro:server:start': ({ logger }) => {
				if (refreshNote) logger.info(refreshNote);
			},
			'astro:build:start': ({ logger }) => {
				buildStartedAt = Date.now();
				// After the content sync, before any page: an empty productsLoader() collection fails now
				// (a missing one, or one of another loader, fails where the pages read it).
				if (resolved.route !== false) {
					requireLoadedProducts(resolved.collection);
					const warning = otherLoaderWarning(resolved.collection);
					if (warning) logger.warn(warning);
				}
				if (resolved.reviewsFeed !== false) collectPublishedPages(resolved.collection);
			},
			'astro:build:done': async ({ dir, assets, logger }) => {
				warnAboutPages(
					resolved,
					assets,
					logger,
					routing,
					astroConfig && { dir: fileURLToPath(dir), config: astroConfig },
				);
				const stale = staleCollections();
				for (const entry of stale) {
					logger.warn(
						`LAST KNOWN GOOD: collection "${entry.collection}" was built from the store synced at ${entry.syncedAt} (${entry.reason})`,
					);
				}
				if (astroConfig)
					await finishOutput(resolved, {
						dir: fileURLToPath(dir),
						assets,
						logger,
						config: astroConfig,
						stale,
						startedAt: buildStartedAt,
						indexNow,
					});
			},
		},
	};
}

type SetupHook = Parameters<NonNullable<AstroIntegration['hooks']['astro:config:setup']>>[0];

/** `astro:config:setup`: checks what needs Astro's config, then injects the routes and virtual modules; returns the IndexNow settings for the build's end. */
function setUp(
	resolved: ResolvedAudioReviewsOptions,
	setup: SetupHook,
	routing: LocaleRouting,
): IndexNowSettings | undefined {
	const { config, command, injectRoute, updateConfig, logger } = setup;
	// The dev toolbar app exists in `astro dev` only: nothing of it reaches a build.
	if (command === 'dev') {
		setup.addDevToolbarApp(TOOLBAR_APP);
		// The app parses the dev loop's messages with zod: bundled with the client's deps at start,
		// not discovered on the first page (Vite would answer 504 and reload that page).
		updateConfig({ vite: { optimizeDeps: { include: ['astro/zod'] } } });
	}
	// Before the content sync of this build (tests and tools run several builds in one process).
	if (command === 'build') forgetLoaded();
	checkReviewsFeedConfig(resolved.reviewsFeed, { site: config.site, route: resolved.route });
	const indexNow = resolveIndexNow(resolved.indexNow, {
		site: config.site,
		base: config.base,
		command,
		changeReport: resolved.changeReport,
		invalidate: resolved.invalidate !== undefined,
	});
	injectInvalidateRoute(
		resolved.invalidate,
		{ injectRoute, updateConfig, command, config },
		purgedPagesConfig(resolved.indexNow, indexNow, config.site),
	);
	// Unchanged pages then stay in dist/ ("(cached)") instead of being deleted and copied
	// back from Astro's cache ("(restored)"); build:done prunes what went stale.
	if (resolved.keepOutDir) updateConfig({ vite: { build: { emptyOutDir: false } } });
	const pageConfig = pageConfigFor(resolved, config, routing);
	updateConfig({
		vite: {
			plugins: [
				virtualConfigPlugin(pageConfig),
				virtualLayoutPlugin(layoutFile(resolved.layout, config.root)),
				virtualCataloguePlugin(resolved.collection, command),
				virtualLiveCollectionsPlugin(liveConfigFile(config)),
			],
		},
	});
	if (resolved.route !== false) injectPageRoutes(pageConfig, injectRoute);
	const onDemandSite = {
		route: resolved.route,
		hub: resolved.hub !== false,
		websiteId: resolved.invalidate?.websiteId,
	};
	injectSearchRoute(resolved.search === 'postgres', { config, injectRoute, updateConfig, logger });
	injectOnDemandRoutes(resolved.onDemand, onDemandSite, {
		config,
		injectRoute,
		updateConfig,
		logger,
	});
	return indexNow;
}

/** What the injected pages, the components and `astro-audio-reviews/pages` know of the options (also with `route: false`). */
function pageConfigFor(
	resolved: ResolvedAudioReviewsOptions,
	config: AstroConfig,
	routing: LocaleRouting,
): PageConfig {
	const route = normalizeRoute(resolved.route === false ? DEFAULT_ROUTE : resolved.route);
	return {
		collection: resolved.collection,
		liveCollection: resolved.onDemand === false ? undefined : resolved.onDemand.collection,
		route,
		localeRoute: `/[locale]${route}`,
		injected: resolved.route !== false,
		// Every URL of the pages, routes and lists follows it: it travels in the virtual config module.
		...routing,
		trailingSlash: urlsEndInSlash(config),
		base: config.base,
		uiText: resolved.uiText ?? {},
		emptyProducts: resolved.emptyProducts,
		localeLinks: resolved.localeLinks,
		reviewsPerPage: resolved.reviewsPerPage,
		hub: hubConfig(resolved.hub, route),
		// The pages carry Pagefind's markup only for Pagefind: the PostgreSQL index reads the catalogue.
		search: resolved.search === 'pagefind' ? 'pagefind' : false,
	};
}

type InjectRoute = SetupHook['injectRoute'];

/** Product pages in both routes (which locale is unprefixed, the routing says), and the hub pages at their parent path. */
function injectPageRoutes(pageConfig: PageConfig, injectRoute: InjectRoute): void {
	const entrypoint = new URL('../../routes/product.astro', import.meta.url);
	injectRoute({ pattern: pageConfig.route, entrypoint, prerender: true });
	injectRoute({ pattern: pageConfig.localeRoute, entrypoint, prerender: true });
	const parent = hubRoute(pageConfig.route);
	if (pageConfig.hub === false || parent === undefined) return;
	const hub = new URL('../../routes/hub.astro', import.meta.url);
	injectRoute({ pattern: `${parent}/[...page]`, entrypoint: hub, prerender: true });
	injectRoute({ pattern: `/[locale]${parent}/[...page]`, entrypoint: hub, prerender: true });
}

/** Hub pages live at the route's parent path; a top-level route (`/[ref]`) has none, the home page is the site's. */
function hubConfig(hub: ResolvedAudioReviewsOptions['hub'], route: string): PageConfig['hub'] {
	if (hub === false || hubRoute(route) === undefined) return false;
	return hubSettings(hub === true ? {} : hub);
}
