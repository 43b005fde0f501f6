// `#internal/components` (package.json `imports`, not `exports`): what the package's own components
// (integration/components/) need beyond the public entry points.

export { AudioReviewsError } from '../errors/errors.js';
export type { HubPageProps } from '../pages/hub-paths.js';
export { pageLang } from '../pages/page-lang.js';
export {
	productPageModel,
	productSummary,
	shownReviews,
} from '../pages/page-model.js';
export { REVIEWS_SCRIPT } from '../pages/review-script.js';
export { avatarTint, initialsOf, isLongTranscript } from '../pages/review-view.js';
export {
	searchAnchor,
	searchIgnore,
} from '../pages/search-markup.js';
export { pluralTemplates } from '../pages/search-words.js';
export { headHreflang, layoutAlternates } from '../routing/alternates.js';
export { hubPagePath } from '../routing/hub-urls.js';
export { localeHomeUrl } from '../routing/locale-routing.js';
export type { ReviewPagePlace } from '../routing/review-pages.js';
export { absoluteUrl, withBase } from '../routing/url.js';
export { safeHttpUrl } from '../schema/safe-url.js';
export { type Crumb, hubJsonLd } from '../seo/graph.js';
export {
	authorName,
	ogLocale,
} from '../seo/page-meta.js';
export { productJsonLd, type RatingSummary } from '../seo/product-json-ld.js';
export {
	isRatedReview,
	type PlacedReview,
	ratingSummary,
	testimonyCount,
} from '../seo/review-policy.js';
export { serializeJsonLd } from '../seo/serialize-json-ld.js';
export { formatDate, formatRating, languageName, paragraphs } from '../words/ui-text.js';
