export { default, INTEGRATION_NAME } from '../hooks/integration.js';
export type { AudioReviewsOptions } from '../hooks/resolved-options.js';
export { serializeSitemapItem } from '../sitemaps/sitemap.js';
