/**
 * `#internal/routes` (package.json `imports`, not `exports`): what the routes the integration
 * injects (integration/pages/) need beyond the public entry points. They read the integration's
 * virtual modules, so they only run inside a site that configures `audioReviews()`: not public
 * API, reachable from inside the package only.
 */

export type { HubPageProps } from '../../render/pages/hub-paths.js';
export { getHubStaticPaths } from '../../render/pages/hub-route.js';
export { liveHubPage } from '../../render/pages/live-hub.js';
export { liveLocaleProductPage } from '../../render/pages/live-locale-page.js';
export { liveSitemapFile, liveSitemapIndex } from '../../render/pages/live-sitemap.js';
export { liveProductUrls } from '../../render/pages/live-urls.js';
