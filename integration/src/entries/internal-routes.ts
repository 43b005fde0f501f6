// `#internal/routes` (package.json `imports`, not `exports`): what the routes the integration
// injects (integration/routes/) need beyond the public entry points.

export { findLiveSource, liveContentOf, liveSourceOf } from '../on-demand/collection-source.js';
export { liveHubPage } from '../on-demand/hub-pages.js';
export { liveLocaleRule, liveSourceQuery } from '../on-demand/list-routes.js';
export { liveLocaleProductPage } from '../on-demand/locale-product-page.js';
export { liveProductPath } from '../on-demand/product-pages.js';
export { liveSitemapFile, liveSitemapIndex } from '../on-demand/sitemap-routes.js';
export { livePurgedUrls, purgedProductsWait } from '../on-demand/urls.js';
export { runtimeSecret } from '../options/runtime-secret.js';
export type { HubPageProps } from '../pages/hub-paths.js';
export { getHubStaticPaths } from '../pages/hub-route.js';
export { withBase } from '../routing/url.js';
