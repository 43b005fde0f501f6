import type { AstroIntegration } from 'astro';
import { resolveIntegrationOptions, normalizeRoute, type AudioReviewsOptions } from './integration-options.js';
import { virtualConfigPlugin, type PageConfig } from './virtual-config.js';

export const INTEGRATION_NAME = 'astro-audio-reviews';

/**
 * The Astro integration: injects the product pages (one per product and locale) that read
 * the collection loaded by `productsLoader()`. `route: false` injects nothing, for sites that
 * build their own pages with the components.
 */
export default function audioReviews(options?: AudioReviewsOptions): AstroIntegration {
	const resolved = resolveIntegrationOptions(options);
	return {
		name: INTEGRATION_NAME,
		hooks: {
			'astro:config:setup': ({ config, injectRoute, updateConfig }) => {
				if (resolved.route === false) return;
				const route = normalizeRoute(resolved.route);
				const pageConfig: PageConfig = {
					collection: resolved.collection,
					route,
					localeRoute: `/[locale]${route}`,
					defaultLocale: resolved.defaultLocale ?? config.i18n?.defaultLocale,
					// Canonical and hreflang URLs must be the ones the host serves without a redirect.
					trailingSlash: config.trailingSlash === 'always' || (config.trailingSlash !== 'never' && config.build.format !== 'file'),
				};
				updateConfig({ vite: { plugins: [virtualConfigPlugin(pageConfig)] } });
				const entrypoint = new URL('../../pages/product.astro', import.meta.url);
				injectRoute({ pattern: route, entrypoint, prerender: true });
				injectRoute({ pattern: pageConfig.localeRoute, entrypoint, prerender: true });
			},
		},
	};
}
