export { productPages, pathsForRoute, entryLocale, type ProductPageProps, type ProductEntryLike, type StaticPath, type Alternate } from './product-paths.js';
export { uiText, formatRating, formatDate, paragraphs, type UiText } from './ui-text.js';
export { withBase, absoluteUrl } from './url.js';
export { publishPages } from './published-pages.js';
