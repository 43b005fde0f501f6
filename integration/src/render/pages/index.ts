export { requireEntries } from './collection-check.js';
export { HUB_EXCERPT_LENGTH, type HubItem, type HubOrder, hubItemOf, sortHubItems } from './hub-item.js';
export { type HubPageProps, type HubStaticPath, hubPages } from './hub-paths.js';
export { HUB_PAGE_SIZE, hubBasePath, hubPagePath, hubRoute } from './hub-urls.js';
export { MAX_DESCRIPTION_LENGTH, metaDescription } from './meta-description.js';
export type { PageConfig } from './page-config.js';
export {
	type Alternate,
	type EmptyProducts,
	localeOfEntry,
	type ProductEntryLike,
	type ProductPageProps,
	pathsForRoute,
	productPages,
	routeLocale,
	type StaticPath,
} from './product-paths.js';
export { publishPages } from './published-pages.js';
export {
	DEFAULT_REVIEWS_PER_PAGE,
	isProductPage,
	orderedReviews,
	type PlacedReview,
	parseReviewPageSegment,
	type ReviewPagePlace,
	reviewPageCount,
	reviewPageSegment,
	reviewsOnPage,
} from './review-pages.js';
export { REVIEWS_SCRIPT } from './review-script.js';
export { AVATAR_TINTS, avatarTint, initialsOf, isLongTranscript, LONG_TRANSCRIPT_CHARS } from './review-view.js';
export { newestDate, registerSitemapPages, type SitemapPage, serializeSitemapItem } from './sitemap.js';
export {
	formatDate,
	formatRating,
	hasWords,
	missingWords,
	paragraphs,
	type UiText,
	type UiTextOverrides,
	uiText,
	wordsFor,
} from './ui-text.js';
export { absoluteUrl, withBase } from './url.js';
export { BUILT_IN_WORDS, type Phrase, type PluralForms, WORD_KEYS, type WordKey, type Words } from './words.js';
