import type {
	AggregateRating,
	AudioObject,
	ItemPage,
	Person,
	Rating,
	Product as SchemaProduct,
	Review as SchemaReview,
	Thing,
} from 'schema-dts';
import type { Product, Review } from '../schema/product.js';
import { safeHttpUrl } from '../schema/safe-url.js';
import { breadcrumbJsonLd, type Crumb, type JsonLdGraph, nodeId } from './graph.js';
import { authorName, presentText, productDescription, productHeading } from './page-meta.js';
import {
	isRatedReview,
	type PlacedReview,
	type RatingSummary,
	ratingSummary,
} from './review-policy.js';

/** The service rates from 0 to 5: without these, Google assumes 1..5 and misreads a 0. */
const BEST_RATING = 5;
const WORST_RATING = 0;
const ANONYMOUS = 'Anonymous';
const AUDIO_FORMAT = 'audio/mpeg';

export type { RatingSummary } from './review-policy.js';

/** URL filter: gets the value and its field path (e.g. `reviews[1].audio_url`). */
export type JsonLdUrlFilter = (value: string | undefined, field: string) => string | undefined;

export interface ProductJsonLdOptions {
	/** The canonical page URL; the nodes' `@id`s are built on it. */
	url?: string | undefined;
	locale?: string | undefined;
	/** Filter for every URL in the markup; defaults to `safeHttpUrl`. */
	safeUrl?: JsonLdUrlFilter | undefined;
	/** Home → hub → this page; a `BreadcrumbList` needs at least two. */
	breadcrumbs?: readonly Crumb[] | undefined;
	/** Indices of the reviews the page shows, in its order; default all, in the service's order. */
	shown?: readonly number[] | undefined;
	/** The reviews the page shows with their places, as the page model has them (wins over `shown`). */
	placed?: readonly PlacedReview[] | undefined;
	/** A further review page: reviews as audio, no second `Product` or `aggregateRating`. */
	furtherPage?: boolean | undefined;
	name?: string | undefined;
}

/**
 * A product page's structured data as one `@graph`: a `Product` only when a review is rated (Google
 * rejects a Product without rating, review or offer, and there is no price to offer).
 */
export function productJsonLd(product: Product, options: ProductJsonLdOptions = {}): JsonLdGraph {
	const safeUrl: JsonLdUrlFilter = options.safeUrl ?? ((value) => safeHttpUrl(value));
	const { url, locale } = options;
	const crumbs = options.breadcrumbs ?? [];
	const summary = options.furtherPage ? undefined : ratingSummary(product);
	const shown = options.placed ?? shownReviews(product, options.shown);
	const page: ItemPage = {
		'@type': 'ItemPage',
		'@id': nodeId(url, 'webpage'),
		name: options.name ?? productHeading(product),
		...(url ? { url } : {}),
		...(locale ? { inLanguage: locale } : {}),
		...(crumbs.length >= 2 ? { breadcrumb: { '@id': nodeId(url, 'breadcrumb') } } : {}),
		...(summary ? { mainEntity: { '@id': nodeId(url, 'product') } } : {}),
	};
	const graph: Thing[] = [page];
	if (summary) graph.push(productNode(product, summary, { ...options, shown }, safeUrl));
	const media = shown.flatMap(({ review, index }) =>
		summary && isRatedReview(review) ? [] : audioNode(review, index, options, safeUrl),
	);
	if (media.length > 0) {
		page.associatedMedia = media.map((node) => ({ '@id': String(node['@id']) }));
		graph.push(...media);
	}
	if (crumbs.length >= 2) graph.push(breadcrumbJsonLd(crumbs, nodeId(url, 'breadcrumb')));
	return { '@context': 'https://schema.org', '@graph': graph };
}

function shownReviews(product: Product, indices: readonly number[] | undefined): PlacedReview[] {
	const unique = [...new Set(indices ?? product.reviews.keys())];
	return unique.flatMap((index) => {
		const review = product.reviews[index];
		return review === undefined ? [] : [{ review, index }];
	});
}

function productNode(
	product: Product,
	summary: RatingSummary,
	options: Omit<ProductJsonLdOptions, 'shown' | 'placed'> & { shown: readonly PlacedReview[] },
	safeUrl: JsonLdUrlFilter,
): SchemaProduct {
	const description = productDescription(product);
	const aggregate: AggregateRating = {
		'@type': 'AggregateRating',
		ratingValue: summary.average,
		ratingCount: summary.count,
		reviewCount: summary.count,
		bestRating: BEST_RATING,
		worstRating: WORST_RATING,
	};
	const reviews = options.shown.flatMap(({ review, index }) =>
		isRatedReview(review)
			? [reviewJsonLd(review, `reviews[${index}]`, options.locale, safeUrl)]
			: [],
	);
	return {
		'@type': 'Product',
		'@id': nodeId(options.url, 'product'),
		name: productHeading(product),
		sku: product.external_id,
		productID: product.external_id,
		...(description === undefined ? {} : { description }),
		...(options.url ? { url: options.url } : {}),
		...(reviews.length === 0 ? {} : { review: reviews }),
		aggregateRating: aggregate,
	};
}

function reviewJsonLd(
	review: Review & { rating: number },
	path: string,
	locale: string | undefined,
	safeUrl: JsonLdUrlFilter,
): SchemaReview {
	const label = presentText(review.label);
	const transcript = presentText(review.transcript);
	const rating: Rating = {
		'@type': 'Rating',
		ratingValue: review.rating,
		bestRating: BEST_RATING,
		worstRating: WORST_RATING,
	};
	const audio = audioObject(review, path, locale, safeUrl, false);
	return {
		'@type': 'Review',
		author: authorJsonLd(review, path, safeUrl),
		reviewRating: rating,
		...(label === undefined ? {} : { name: label }),
		...(transcript === undefined ? {} : { reviewBody: transcript }),
		...(review.created_at ? { datePublished: review.created_at } : {}),
		...(locale ? { inLanguage: locale } : {}),
		...(audio === undefined ? {} : { audio }),
	};
}

/** A testimony or unrated review as an `AudioObject`; none without audio or transcript. */
function audioNode(
	review: Review,
	index: number,
	options: ProductJsonLdOptions,
	safeUrl: JsonLdUrlFilter,
): AudioObject[] {
	const path = `reviews[${index}]`;
	const transcript = presentText(review.transcript);
	const audio = audioObject(review, path, options.locale, safeUrl);
	if (audio === undefined && transcript === undefined) return [];
	const label = presentText(review.label);
	return [
		{
			'@type': 'AudioObject',
			...audio,
			'@id': nodeId(options.url, `audio-${encodeURIComponent(review.id)}`),
			author: authorJsonLd(review, path, safeUrl),
			...(label === undefined ? {} : { name: label }),
			...(transcript === undefined ? {} : { transcript }),
			...(review.created_at ? { uploadDate: review.created_at } : {}),
			...(options.locale ? { inLanguage: options.locale } : {}),
		},
	];
}

function audioObject(
	review: Review,
	path: string,
	locale: string | undefined,
	safeUrl: JsonLdUrlFilter,
	withTranscript = true,
): AudioObject | undefined {
	const contentUrl = safeUrl(review.audio_url, `${path}.audio_url`);
	if (contentUrl === undefined) return undefined;
	const transcript = withTranscript ? presentText(review.transcript) : undefined;
	const label = presentText(review.label);
	return {
		'@type': 'AudioObject',
		contentUrl,
		encodingFormat: AUDIO_FORMAT,
		...(transcript === undefined ? {} : { transcript }),
		...(label === undefined ? {} : { name: label }),
		...(locale ? { inLanguage: locale } : {}),
	};
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
