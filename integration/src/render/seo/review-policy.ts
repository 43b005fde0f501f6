import type { Product, Review } from '../../schema/product.js';

/**
 * Which service items count as rated reviews. One definition shared by the visible page, its
 * JSON-LD, the public `ratingSummary` helper and the product review feed, so the stars a shop
 * shows, the markup Google reads and the feed it ingests can never disagree.
 *
 * Google's Review snippet rules require `reviewRating` on every `Review`: a testimony, or a
 * `review` the service sent without a rating, is not a rated review and must never be marked up
 * as one.
 */
export function isRatedReview(review: Review): review is Review & { rating: number } {
	return review.type === 'review' && typeof review.rating === 'number' && Number.isFinite(review.rating);
}

/** The product's rated reviews, in the service's order. */
export function ratedReviews(product: Pick<Product, 'reviews'>): Array<Review & { rating: number }> {
	return product.reviews.filter(isRatedReview);
}

export interface RatingSummary {
	/** Number of rated reviews. */
	count: number;
	/** Mean rating of the rated reviews, rounded to 2 decimals. */
	average: number;
}

/** The rating aggregate over exactly the rated reviews; undefined when nothing is rated. */
export function ratingSummary(product: Pick<Product, 'reviews'>): RatingSummary | undefined {
	const rated = ratedReviews(product);
	if (rated.length === 0) return undefined;
	const sum = rated.reduce((total, review) => total + review.rating, 0);
	return { count: rated.length, average: Math.round((sum / rated.length) * 100) / 100 };
}
