export { default, INTEGRATION_NAME } from '../hooks/audio-reviews.js';
export type { AudioReviewsOptions } from '../hooks/integration-options.js';
export { serializeSitemapItem } from '../sitemaps/sitemap.js';
