export { productPages, pathsForRoute, routeLocale, localeOfEntry, type ProductPageProps, type ProductEntryLike, type StaticPath, type Alternate } from './product-paths.js';
export { uiText, wordsFor, hasWords, formatRating, formatDate, paragraphs, type UiText, type UiTextOverrides } from './ui-text.js';
export { BUILT_IN_WORDS, WORD_KEYS, type Words, type WordKey, type Phrase, type PluralForms } from './words.js';
export type { PageConfig } from './page-config.js';
export { withBase, absoluteUrl } from './url.js';
export { requireEntries } from './collection-check.js';
export { publishPages } from './published-pages.js';
