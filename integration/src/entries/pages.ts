// Public entry point `astro-audio-reviews/pages` (package.json `exports`): each name it gives, from the
// module that defines it.

export type { LayoutProps } from '../pages/page-config.js';
export {
	entryLocale,
	getProductStaticPaths,
	type ProductUrlOptions,
	pageText,
	productName,
	productUrl,
	ratingSummary,
} from '../pages/pages-api.js';
export type { LayoutAlternate } from '../routing/alternates.js';
export type {
	Alternate,
	ProductEntryLike,
	ProductPageProps,
	StaticPath,
} from '../routing/product-paths.js';
export type { ReviewPagePlace } from '../routing/review-pages.js';
export type { RatingSummary } from '../seo/review-policy.js';
export type { UiText } from '../words/ui-text.js';
export type { Phrase, PluralForms, WordKey, Words } from '../words/words.js';
