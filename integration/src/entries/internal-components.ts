/**
 * `#internal/components` (package.json `imports`, not `exports`): what the package's own
 * components (integration/components/) need beyond the public entry points. They ship as source
 * inside the package and render the same pages the integration injects, so they use helpers
 * that are not public API: reachable from inside the package only, free to change without a
 * major version. Pure: no virtual module, so a component renders in a site whatever it
 * configures.
 */

export type { HubPageProps } from '../hubs/hub-paths.js';
export { hreflangOf, layoutAlternates } from '../routing/alternates.js';
export { hubPagePath } from '../routing/hub-urls.js';
export { localeHomePath } from '../routing/locale-routing.js';
export { orderedReviews, type ReviewPagePlace, reviewsOnPage } from '../routing/review-pages.js';
export { absoluteUrl, withBase } from '../routing/url.js';
export { safeHttpUrl } from '../schema/safe-url.js';
export { type Crumb, hubJsonLd } from '../seo/graph.js';
export { metaDescription } from '../seo/meta-description.js';
export {
	authorName,
	ogLocale,
	productDescription,
	productHeading,
	productTitle,
} from '../seo/page-meta.js';
export { productJsonLd, type RatingSummary } from '../seo/product-json-ld.js';
export {
	isRatedReview,
	type PlacedReview,
	ratingSummary,
	testimonyCount,
} from '../seo/review-policy.js';
export { serializeJsonLd } from '../seo/serialize-json-ld.js';
export { REVIEWS_SCRIPT } from '../view/review-script.js';
export { avatarTint, initialsOf, isLongTranscript } from '../view/review-view.js';
export {
	aroundName,
	searchAnchor,
	searchBody,
	searchDescription,
	searchHeading,
	searchIgnore,
	searchTitle,
} from '../view/search-markup.js';
export { formatDate, formatRating, languageName, paragraphs } from '../words/ui-text.js';
