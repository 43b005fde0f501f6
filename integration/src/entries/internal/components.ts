/**
 * `#internal/components` (package.json `imports`, not `exports`): what the package's own
 * components (integration/components/) need beyond the public entry points. They ship as source
 * inside the package and render the same pages the integration injects, so they use helpers
 * that are not public API: reachable from inside the package only, free to change without a
 * major version. Pure: no virtual module, so a component renders in a site whatever it
 * configures.
 */

export type { HubPageProps } from '../../render/pages/hub-paths.js';
export { hubPagePath } from '../../render/pages/hub-urls.js';
export { metaDescription } from '../../render/pages/meta-description.js';
export { orderedReviews, type ReviewPagePlace, reviewsOnPage } from '../../render/pages/review-pages.js';
export { REVIEWS_SCRIPT } from '../../render/pages/review-script.js';
export { avatarTint, initialsOf, isLongTranscript } from '../../render/pages/review-view.js';
export { searchAnchor, searchBody, searchHeading, searchIgnore } from '../../render/pages/search-markup.js';
export { formatDate, formatRating, languageName, paragraphs } from '../../render/pages/ui-text.js';
export { absoluteUrl, withBase } from '../../render/pages/url.js';
export { type Crumb, hubJsonLd } from '../../render/seo/graph.js';
export { authorName, ogLocale, productDescription, productHeading, productTitle } from '../../render/seo/page-meta.js';
export { productJsonLd, type RatingSummary } from '../../render/seo/product-json-ld.js';
export { isRatedReview, ratingSummary, testimonyCount } from '../../render/seo/review-policy.js';
export { serializeJsonLd } from '../../render/seo/serialize-json-ld.js';
export { safeHttpUrl } from '../../schema/safe-url.js';
