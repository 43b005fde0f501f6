import type { Product, Review } from '../schema/product.js';
import type { PlacedReview } from '../seo/review-policy.js';

// Further review pages at their own URLs, so crawlers, which run no "load more" script, reach
// every transcript.

/** Where a page sits among its product's review pages; `paths[0]` is the product page. */
export type ReviewPagePlace = {
	page: number;
	paths: string[];
	perPage: number;
};

/** Default item first, newest first, undated last; ties stable, so builds give the same pages. */
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

export function reviewPageCount(count: number, perPage: number): number {
	return Math.max(1, Math.ceil(count / perPage));
}

export function reviewsOnPage(
	product: Pick<Product, 'reviews'>,
	page: number,
	perPage: number,
): PlacedReview[] {
	return orderedReviews(product.reviews).slice((page - 1) * perPage, page * perPage);
}

/** Whether page props are a product's first page, not a further review page. */
export function isProductPage(props: {
	reviewPage?: Pick<ReviewPagePlace, 'page'> | undefined;
}): boolean {
	return (props.reviewPage?.page ?? 1) === 1;
}

/** The URL mark of further review pages, static and on demand. */
export const REVIEW_PAGE_MARK = '~reviews-';
const SEGMENT = /^(.*)~reviews-([1-9]\d{0,8})$/s;

export function reviewPageSegment(segment: string, page: number): string {
	return page === 1 ? segment : `${segment}${REVIEW_PAGE_MARK}${page}`;
}

/** `SKU-42~reviews-3` → `{ segment: 'SKU-42', page: 3 }`; without the mark, page 1. */
export function parseReviewPageSegment(segment: string): { segment: string; page: number } {
	const match = SEGMENT.exec(segment);
	if (match === null || Number(match[2]) < 2) return { segment, page: 1 };
	return { segment: match[1]!, page: Number(match[2]) };
}
