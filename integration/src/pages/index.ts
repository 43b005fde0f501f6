export { productPages, pathsForRoute, entryLocale, type ProductPageProps, type ProductEntryLike, type StaticPath, type Alternate, type EmptyProducts } from './product-paths.js';
export { uiText, formatRating, formatDate, paragraphs, type UiText } from './ui-text.js';
export { withBase, absoluteUrl } from './url.js';
export { hubPages, hubPagePath, hubBasePath, hubRoute, HUB_PAGE_SIZE, type HubPageProps, type HubStaticPath, type HubItem } from './hub-paths.js';
export { metaDescription, MAX_DESCRIPTION_LENGTH } from './meta-description.js';
export { seoText, type SeoText, type SeoWordKey } from './seo-words.js';
export { registerSitemapPages, serializeSitemapItem, newestDate, type SitemapPage } from './sitemap.js';
