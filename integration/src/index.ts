export { default, INTEGRATION_NAME } from './integration/audio-reviews.js';
export type { AudioReviewsOptions } from './integration/integration-options.js';
export { serializeSitemapItem } from './sitemaps/sitemap.js';
