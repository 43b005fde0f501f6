import type { Product, Review } from '../schema/product.js';

/** One review with its index in the service's list (the field path of its errors and anchors). */
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

/** The product's rated reviews, in the service's order. */
export function ratedReviews(
	product: Pick<Product, 'reviews'>,
): Array<Review & { rating: number }> {
	return product.reviews.filter(isRatedReview);
}

/** A star level of the distribution, 1 to 5. */
export type StarLevel = 1 | 2 | 3 | 4 | 5;

export interface RatingSummary {
	/** Number of rated reviews. */
	count: number;
	/** Mean rating of the rated reviews, rounded to 1 decimal: the number the page, its JSON-LD and meta description show. */
	average: number;
	/** How many rated reviews sit at each star level: a rating counts toward its rounded level (4.5 → 5, 0 → 1). */
	levels: Readonly<Record<StarLevel, number>>;
	/** Number of testimonies (counted apart: they are never rated reviews). */
	testimonies: number;
}

/** The star level a rating counts toward: rounded half up, within 1 to 5 (a 0 sits with the 1s). */
export function starLevel(rating: number): StarLevel {
	return Math.min(5, Math.max(1, Math.round(rating))) as StarLevel;
}

/** The product's testimonies, rated or not: what the summary counts apart from the rated reviews. */
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
		// Rounded here, once: a second decimal ("3.13") reads as noise on a page, and every
		// consumer (page, JSON-LD, hub, `ratingSummary`) must show the same number.
		average: Math.round((sum / rated.length) * 10) / 10,
		levels,
		testimonies: testimonyCount(product),
	};
}
