export { default, INTEGRATION_NAME } from './integration/audio-reviews.js';
export type { AudioReviewsOptions } from './options/integration-options.js';
export { serializeSitemapItem } from './sitemaps/sitemap.js';
