import type { Product, Review } from '../schema/product.js';
import type { PlacedReview } from '../seo/review-policy.js';

// Review pages of a popular product (docs/pages-and-seo.md, "Products with many reviews"): the
// product page shows the first `reviewsPerPage` reviews, further pages the rest, each at its own
// URL so crawlers, which run no "load more" script, reach every transcript.

/** Where a page sits among its product's review pages; `paths[0]` is the product page. */
export type ReviewPagePlace = {
	/** 1-based number of this page. */
	page: number;
	/** Site-relative paths of every review page of the product in this locale, page 1 first. */
	paths: string[];
	perPage: number;
};

/**
 * The documented order: the service's default item first, then newest first, undated last;
 * ties by id, then by the service's order, so the same data gives the same pages on every build.
 */
export function orderedReviews(reviews: readonly Review[]): PlacedReview[] {
	const placed = reviews.map((review, index) => ({
		review,
		index,
		time: dateOf(review.created_at),
	}));
	placed.sort(
		(a, b) =>
			Number(b.review.is_default === true) - Number(a.review.is_default === true) ||
			(b.time ?? Number.NEGATIVE_INFINITY) - (a.time ?? Number.NEGATIVE_INFINITY) ||
			compareIds(a.review.id, b.review.id) ||
			a.index - b.index,
	);
	return placed.map(({ review, index }) => ({ review, index }));
}

function dateOf(value: string | null | undefined): number | undefined {
	if (!value) return undefined;
	const time = Date.parse(value);
	return Number.isNaN(time) ? undefined : time;
}

function compareIds(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

/** How many review pages a product with `count` reviews has: at least the product page. */
export function reviewPageCount(count: number, perPage: number): number {
	return Math.max(1, Math.ceil(count / perPage));
}

/** The reviews page `page` shows, in the documented order. */
export function reviewsOnPage(
	product: Pick<Product, 'reviews'>,
	page: number,
	perPage: number,
): PlacedReview[] {
	return orderedReviews(product.reviews).slice((page - 1) * perPage, page * perPage);
}

/** Whether page props are a product's first page (what hubs, the review feed and `productUrl` point to), not a further review page. */
export function isProductPage(props: {
	reviewPage?: Pick<ReviewPagePlace, 'page'> | undefined;
}): boolean {
	return (props.reviewPage?.page ?? 1) === 1;
}

/**
 * The URL scheme of a product's further review pages, one for the static and the on-demand pages
 * (here, below both.
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
