// Astro components ship as source; Astro compiles them in the user's site.

export { default as AudioReviews } from './AudioReviews.astro';
export { default as ProductHead } from './ProductHead.astro';
export { default as ProductJsonLd } from './ProductJsonLd.astro';
export { default as ProductPage } from './ProductPage.astro';
export { default as RatingSummary } from './RatingSummary.astro';
export { default as ReviewSearch } from './ReviewSearch.astro';
export { default as Stars } from './Stars.astro';
