import type {
	AggregateRating,
	AudioObject,
	Person,
	Product as SchemaProduct,
	Rating,
	Review as SchemaReview,
	WithContext,
} from 'schema-dts';
import type { Product, Review } from '../schema/product.js';
import { authorName, presentText, productDescription, productTitle } from './page-meta.js';
import { safeHttpUrl } from './safe-url.js';
import { ratingSummary } from './review-policy.js';

/** The service rates from 0 to 5 (API.md 2.2): without these, Google assumes 1..5 and misreads a 0. */
const BEST_RATING = 5;
const WORST_RATING = 0;
const ANONYMOUS = 'Anonymous';
// The service only documents mp3 audio (API.md 2.2).
const AUDIO_FORMAT = 'audio/mpeg';

export type { RatingSummary } from './review-policy.js';

/** URL filter: gets the value and its field path inside the product (e.g. `reviews[1].audio_url`). */
export type JsonLdUrlFilter = (value: string | undefined, field: string) => string | undefined;

export interface ProductJsonLdOptions {
	/** Absolute URL of the page (the canonical one). */
	url?: string | undefined;
	/** Locale of the reviews' content, declared as each Review's `inLanguage`. */
	locale?: string | undefined;
	/** Filter for every URL put in the markup; defaults to `safeHttpUrl`. Pass a `createUrlGuard` wrapper to log drops. */
	safeUrl?: JsonLdUrlFilter | undefined;
}

/**
 * schema.org `Product` of a product page, following Google's Product and Review snippet rules:
 * every review shown on the page is marked up, only the rated ones carry `reviewRating` (a
 * testimony without a rating must not look rated), and `aggregateRating` is there only when at
 * least one review is rated.
 */
export function productJsonLd(product: Product, options: ProductJsonLdOptions = {}): WithContext<SchemaProduct> {
	const safeUrl: JsonLdUrlFilter = options.safeUrl ?? ((value) => safeHttpUrl(value));
	const description = productDescription(product);
	const data: WithContext<SchemaProduct> = {
		'@context': 'https://schema.org',
		'@type': 'Product',
		name: productTitle(product),
		sku: product.external_id,
		productID: product.external_id,
		...(description === undefined ? {} : { description }),
		...(options.url ? { url: options.url } : {}),
	};
	if (product.reviews.length > 0) {
		data.review = product.reviews.map((review, index) => reviewJsonLd(review, `reviews[${index}]`, options.locale, safeUrl));
	}
	const summary = ratingSummary(product);
	if (summary) {
		const aggregate: AggregateRating = {
			'@type': 'AggregateRating',
			ratingValue: summary.average,
			ratingCount: summary.count,
			// Only rated items count: unrated testimonies are not "reviews" in Google's sense.
			reviewCount: summary.count,
			bestRating: BEST_RATING,
			worstRating: WORST_RATING,
		};
		data.aggregateRating = aggregate;
	}
	return data;
}

function reviewJsonLd(review: Review, path: string, locale: string | undefined, safeUrl: JsonLdUrlFilter): SchemaReview {
	const label = presentText(review.label);
	const transcript = presentText(review.transcript);
	const out: SchemaReview = {
		'@type': 'Review',
		author: authorJsonLd(review, path, safeUrl),
		...(label === undefined ? {} : { name: label }),
		...(transcript === undefined ? {} : { reviewBody: transcript }),
		...(review.created_at ? { datePublished: review.created_at } : {}),
		...(locale ? { inLanguage: locale } : {}),
	};
	if (typeof review.rating === 'number' && Number.isFinite(review.rating)) {
		const rating: Rating = { '@type': 'Rating', ratingValue: review.rating, bestRating: BEST_RATING, worstRating: WORST_RATING };
		out.reviewRating = rating;
	}
	// An AudioObject without a playable URL says nothing useful: leave it out.
	const contentUrl = safeUrl(review.audio_url, `${path}.audio_url`);
	if (contentUrl !== undefined) {
		const audio: AudioObject = {
			'@type': 'AudioObject',
			contentUrl,
			encodingFormat: AUDIO_FORMAT,
			...(transcript === undefined ? {} : { transcript }),
			...(label === undefined ? {} : { name: label }),
		};
		out.audio = audio;
	}
	return out;
}

function authorJsonLd(review: Review, path: string, safeUrl: JsonLdUrlFilter): Person {
	const image = safeUrl(review.user.image_url, `${path}.user.image_url`);
	const description = presentText(review.user.description);
	return {
		'@type': 'Person',
		// Google requires an author name on every Review.
		name: authorName(review.user) ?? ANONYMOUS,
		...(image === undefined ? {} : { image }),
		...(description === undefined ? {} : { description }),
	};
}
