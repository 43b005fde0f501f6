/**
 * `#internal/routes` (package.json `imports`, not `exports`): what the routes the integration
 * injects (integration/routes/) need beyond the public entry points. They read the integration's
 * virtual modules, so they only run inside a site that configures `audioReviews()`: not public
 * API, reachable from inside the package only.
 */

export type { HubPageProps } from '../hubs/hub-paths.js';
export { getHubStaticPaths } from '../hubs/hub-route.js';
export { liveSourceQuery } from '../on-demand/list-routes.js';
export { liveHubPage } from '../on-demand/live-hub.js';
export { liveLocaleProductPage } from '../on-demand/live-locale-page.js';
export { liveSitemapFile, liveSitemapIndex } from '../on-demand/live-sitemap.js';
export { findLiveSource, liveContentOf } from '../on-demand/live-source.js';
export { livePurgedUrls, purgedProductsWait } from '../on-demand/live-urls.js';
