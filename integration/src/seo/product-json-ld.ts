import type { AggregateRating, AudioObject, Person, Product as SchemaProduct, Rating, Review as SchemaReview, WithContext } from 'schema-dts';
import type { Product, Review } from '../schema/product.js';
import { authorName, productDescription, productTitle } from './page-meta.js';
import { safeHttpUrl } from './safe-url.js';

/** The service rates from 0 to 5 (API.md 2.2). */
const BEST = 5;
const WORST = 0;

export interface RatingSummary {
	/** Number of rated reviews. */
	count: number;
	/** Mean rating, rounded to 2 decimals. */
	average: number;
}

/** The aggregate the page shows and the JSON-LD declares: the same numbers, from one place. */
export function ratingSummary(product: Product): RatingSummary | undefined {
	const ratings = product.reviews.map((review) => review.rating).filter((rating): rating is number => typeof rating === 'number');
	if (ratings.length === 0) return undefined;
	const sum = ratings.reduce((total, rating) => total + rating, 0);
	return { count: ratings.length, average: Math.round((sum / ratings.length) * 100) / 100 };
}

export interface ProductJsonLdOptions {
	/** Absolute URL of the page. */
	url?: string | undefined;
	locale?: string | undefined;
	/** URL filter; defaults to `safeHttpUrl`. */
	safeUrl?: (value: string | undefined, field: string) => string | undefined;
}

/**
 * schema.org `Product` for a product page, following Google's Product and Review snippet
 * rules: every review shown on the page is marked up; only rated ones carry `reviewRating`
 * (an unrated testimony is not a rated Review); `aggregateRating` only when something is rated.
 */
export function productJsonLd(product: Product, options: ProductJsonLdOptions = {}): WithContext<SchemaProduct> {
	const safe = options.safeUrl ?? ((value: string | undefined) => safeHttpUrl(value));
	const summary = ratingSummary(product);
	const description = productDescription(product);
	const data: WithContext<SchemaProduct> = {
		'@context': 'https://schema.org',
		'@type': 'Product',
		name: productTitle(product),
		sku: product.external_id,
		productID: product.external_id,
		...(description ? { description } : {}),
		...(options.url ? { url: options.url } : {}),
		...(product.reviews.length > 0
			? { review: product.reviews.map((review, index) => reviewJsonLd(review, index, options.locale, safe)) }
			: {}),
	};
	if (summary) {
		const aggregate: AggregateRating = {
			'@type': 'AggregateRating',
			ratingValue: summary.average,
			ratingCount: summary.count,
			reviewCount: summary.count,
			bestRating: BEST,
			worstRating: WORST,
		};
		data.aggregateRating = aggregate;
	}
	return data;
}

function reviewJsonLd(
	review: Review,
	index: number,
	locale: string | undefined,
	safe: (value: string | undefined, field: string) => string | undefined,
): SchemaReview {
	const image = safe(review.user.image_url, `reviews[${index}].user.image_url`);
	const author: Person = {
		'@type': 'Person',
		name: authorName(review.user) ?? 'Anonymous',
		...(image ? { image } : {}),
		...(review.user.description ? { description: review.user.description } : {}),
	};
	const contentUrl = safe(review.audio_url, `reviews[${index}].audio_url`);
	const out: SchemaReview = {
		'@type': 'Review',
		author,
		...(review.label ? { name: review.label } : {}),
		...(review.transcript ? { reviewBody: review.transcript } : {}),
		...(review.created_at ? { datePublished: review.created_at } : {}),
		...(locale ? { inLanguage: locale } : {}),
	};
	if (typeof review.rating === 'number') {
		const rating: Rating = { '@type': 'Rating', ratingValue: review.rating, bestRating: BEST, worstRating: WORST };
		out.reviewRating = rating;
	}
	if (contentUrl) {
		const audio: AudioObject = {
			'@type': 'AudioObject',
			contentUrl,
			encodingFormat: 'audio/mpeg',
			...(review.transcript ? { transcript: review.transcript } : {}),
			...(review.label ? { name: review.label } : {}),
		};
		out.audio = audio;
	}
	return out;
}
