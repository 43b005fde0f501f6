import { fileURLToPath } from 'node:url';
import { type HTMLElement, parse } from 'node-html-parser';
import { validateWithSchema } from './xmllint.js';

export type FeedSchemaVersion = '2.4' | '2.3';

/** Google's product review feed schemas, per version (test/data/google-product-reviews/SOURCES.md). */
export const FEED_XSD: Record<FeedSchemaVersion, string> = {
	'2.4': fileURLToPath(
		new URL('../data/google-product-reviews/product_reviews-2.4.xsd', import.meta.url),
	),
	'2.3': fileURLToPath(
		new URL('../data/google-product-reviews/product_reviews-2.3.xsd', import.meta.url),
	),
};

/** Google's own 2.4 sample feed, its full review (test/data/google-product-reviews/SOURCES.md). */
export const GOOGLE_SAMPLE_2_4 = fileURLToPath(
	new URL('../data/google-product-reviews/sample-2.4.xml', import.meta.url),
);

/** Validates an XML file against the feed schema of `version` with Debian's xmllint; resolves with its verdict and output. */
export function validateFeed(
	file: string,
	version: FeedSchemaVersion = '2.4',
): Promise<{ valid: boolean; output: string }> {
	return validateWithSchema(file, FEED_XSD[version]);
}

/** One `<review>` of a feed, its text decoded. */
export interface FeedReview {
	id: string | undefined;
	reviewer: string;
	anonymous: boolean;
	timestamp: string;
	content: string;
	reviewUrl: string;
	reviewUrlType: string | undefined;
	rating: string;
	ratingMin: string | undefined;
	ratingMax: string | undefined;
	sku: string | undefined;
	productName: string | undefined;
	productUrl: string;
}

/** The reviews of a feed document (run `validateFeed` first: this reader trusts the structure). */
export function readFeed(xml: string): {
	publisher: string;
	version: string;
	schemaLocation: string | undefined;
	reviews: FeedReview[];
} {
	const root = parse(xml, { lowerCaseTagName: false, comment: false });
	const text = (element: HTMLElement | null | undefined) => element?.text;
	const reviews = root.querySelectorAll('review').map((review): FeedReview => {
		const name = review.querySelector('reviewer > name')!;
		const overall = review.querySelector('ratings > overall')!;
		const url = review.querySelector('review_url')!;
		return {
			id: text(review.querySelector('review_id')),
			reviewer: name.text,
			anonymous: name.getAttribute('is_anonymous') === 'true',
			timestamp: text(review.querySelector('review_timestamp'))!,
			content: text(review.querySelector('content'))!,
			reviewUrl: url.text,
			reviewUrlType: url.getAttribute('type'),
			rating: overall.text,
			ratingMin: overall.getAttribute('min'),
			ratingMax: overall.getAttribute('max'),
			sku: text(review.querySelector('products > product > product_ids > skus > sku')),
			productName: text(review.querySelector('products > product > product_name')),
			productUrl: text(review.querySelector('products > product > product_url'))!,
		};
	});
	return {
		publisher: text(root.querySelector('feed > publisher > name'))!,
		version: text(root.querySelector('feed > version'))!,
		schemaLocation: root.querySelector('feed')!.getAttribute('xsi:noNamespaceSchemaLocation'),
		reviews,
	};
}
