import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroConfig, AstroIntegration } from 'astro';
import { staleCollections } from '../loaders/build-state.js';
import { reportChanges } from './change-report.js';
import { outputFiles } from './prune-output.js';
import { createRefreshHandler } from './dev-refresh.js';
import { REFRESH_SECRET_ENV } from './rebuild-options.js';
import { resolveIntegrationOptions, normalizeRoute, type AudioReviewsOptions } from './integration-options.js';
import { virtualConfigPlugin, type PageConfig } from './virtual-config.js';
import { injectInvalidateRoute } from '../live/invalidate-option.js';

export const INTEGRATION_NAME = 'astro-audio-reviews';

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
			'astro:config:setup': ({ config, injectRoute, updateConfig }) => {
				injectInvalidateRoute(resolved.invalidate, { injectRoute, updateConfig });
				// Unchanged pages then stay in dist/ ("(cached)") instead of being deleted and copied
				// back from Astro's cache ("(restored)"); build:done prunes what went stale.
				if (resolved.keepOutDir) updateConfig({ vite: { build: { emptyOutDir: false } } });
				if (resolved.route === false) return;
				const route = normalizeRoute(resolved.route);
				const pageConfig: PageConfig = {
					collection: resolved.collection,
					route,
					localeRoute: `/[locale]${route}`,
					defaultLocale: resolved.defaultLocale ?? config.i18n?.defaultLocale,
					trailingSlash: urlsEndInSlash(config),
				};
				updateConfig({ vite: { plugins: [virtualConfigPlugin(pageConfig)] } });
				const entrypoint = new URL('../../pages/product.astro', import.meta.url);
				injectRoute({ pattern: route, entrypoint, prerender: true });
				injectRoute({ pattern: pageConfig.localeRoute, entrypoint, prerender: true });
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
			},
			'astro:build:done': async ({ dir, assets, logger }) => {
				const stale = staleCollections();
				for (const entry of stale) {
					logger.warn(`LAST KNOWN GOOD: collection "${entry.collection}" was built from the store synced at ${entry.syncedAt} (${entry.reason})`);
				}
				if (!astroConfig) return;
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
					outputs: outputFiles(assets),
					prune: keptOutDir ? { startedAt: buildStartedAt, publicDir: fileURLToPath(astroConfig.publicDir) } : undefined,
				});
				if (report.pruned.length > 0) {
					logger.info(`Deleted ${report.pruned.length} page${report.pruned.length === 1 ? '' : 's'} of the previous build that this build no longer has (dist/ is kept between builds: vite.build.emptyOutDir is false)`);
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

/** Canonical, hreflang and report URLs must be the ones the host serves without a redirect. */
function urlsEndInSlash(config: AstroConfig): boolean {
	return config.trailingSlash === 'always' || (config.trailingSlash !== 'never' && config.build.format !== 'file');
}
