import type { Product, Review } from '../schema/product.js';

/** One review with its index in the service's list (its errors' field path, its anchor). */
export interface PlacedReview {
	review: Review;
	index: number;
}

/** Which service items count as rated reviews. */
export function isRatedReview(review: Review): review is Review & { rating: number } {
	return (
		review.type === 'review' && typeof review.rating === 'number' && Number.isFinite(review.rating)
	);
}

export function ratedReviews(
	product: Pick<Product, 'reviews'>,
): Array<Review & { rating: number }> {
	return product.reviews.filter(isRatedReview);
}

export type StarLevel = 1 | 2 | 3 | 4 | 5;

export interface RatingSummary {
	count: number;
	/** Mean of the rated reviews to 1 decimal: the number every page, JSON-LD and meta show. */
	average: number;
	/** Rated reviews per star level: each counts toward its rounded level (4.5 → 5, 0 → 1). */
	levels: Readonly<Record<StarLevel, number>>;
	/** Testimonies, counted apart: they are never rated reviews. */
	testimonies: number;
}

export function starLevel(rating: number): StarLevel {
	return Math.min(5, Math.max(1, Math.round(rating))) as StarLevel;
}

export function testimonyCount(product: Pick<Product, 'reviews'>): number {
	return product.reviews.filter((review) => review.type === 'testimony').length;
}

/** The rating aggregate over exactly the rated reviews; undefined when nothing is rated. */
export function ratingSummary(product: Pick<Product, 'reviews'>): RatingSummary | undefined {
	const rated = ratedReviews(product);
	if (rated.length === 0) return undefined;
	const sum = rated.reduce((total, review) => total + review.rating, 0);
	const levels: Record<StarLevel, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
	for (const review of rated) levels[starLevel(review.rating)] += 1;
	return {
		count: rated.length,
		// Rounded once: "3.13" reads as noise, and every consumer must show the same number.
		average: Math.round((sum / rated.length) * 10) / 10,
		levels,
		testimonies: testimonyCount(product),
	};
}
