/**
 * The URL scheme of a product's further review pages, one for the static and the on-demand pages
 * (here, below both: `liveRef` reads it back from request paths).
 *
 * Page n (n ≥ 2) lives at the product page's path segment followed by `~reviews-<n>`:
 * `/products/SKU-42/` → `/products/SKU-42~reviews-2/`. It cannot collide with another page:
 * - static pages: readable slugs hold no `~`, escaped ones end in `~` and 12 hex digits (never
 *   `reviews-<n>`), hub pages are `~page-<n>` (`p` is no hex digit), and slugs already differ once
 *   folded, so `<slug>~reviews-<n>` does too;
 * - on-demand pages: `livePath` writes a ref's own `~` as `%7E`, so a literal `~` in a request path
 *   is always this mark, never part of a ref.
 * In the same segment, so the route that renders a product page (the injected one, the user's own
 * `[ref]` route, the on-demand `[...ref]` one) renders its review pages as well.
 */
export const REVIEW_PAGE_MARK = '~reviews-';
const SEGMENT = /^(.*)~reviews-([1-9]\d{0,8})$/s;

/** The path segment of review page `page` of the product whose segment (slug or encoded ref) is `segment`. */
export function reviewPageSegment(segment: string, page: number): string {
	return page === 1 ? segment : `${segment}${REVIEW_PAGE_MARK}${page}`;
}

/** `SKU-42~reviews-3` → `{ segment: 'SKU-42', page: 3 }`; a segment without the mark (or with page 1) is page 1. */
export function parseReviewPageSegment(segment: string): { segment: string; page: number } {
	const match = SEGMENT.exec(segment);
	if (match === null || Number(match[2]) < 2) return { segment, page: 1 };
	return { segment: match[1]!, page: Number(match[2]) };
}
