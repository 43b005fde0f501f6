import type { Product, Review } from '../schema/product.js';
import { authorName, presentText, productHeading } from '../seo/page-meta.js';
import { ratedReviews } from '../seo/review-policy.js';
import { escapeXmlText, withoutForbiddenXmlChars } from '../seo/xml-text.js';
import type { FeedSchemaVersion } from './review-feed-option.js';

// Google's product review feed: one `<review>` per item the pages mark up as rated that also has a
// transcript and a valid date.

const schemaLocation = (version: FeedSchemaVersion) =>
	`http://www.google.com/shopping/reviews/schema/product/${version}/product_reviews.xsd`;
const RATING_MIN = 0;
const RATING_MAX = 5;
/** Google's own spelling of an anonymous reviewer; the schema requires a non-empty name. */
const ANONYMOUS = 'Anonymous';

export interface FeedPage {
	product: Product;
	locale: string | undefined;
	path: string;
}

export interface ReviewFeedOptions {
	publisher: string;
	pageUrl: (path: string) => string;
	schemaVersion: FeedSchemaVersion;
}

export interface ReviewFeedCounts {
	reviews: number;
	noTranscript: number;
	noDate: number;
	/** Rated reviews whose id an earlier review already has (the schema wants unique ids). */
	duplicateId: number;
}

export interface ReviewFeed {
	chunks: Iterable<string>;
	counts: ReviewFeedCounts;
}

export function createReviewFeed(
	pages: readonly FeedPage[],
	options: ReviewFeedOptions,
): ReviewFeed {
	const counts: ReviewFeedCounts = { reviews: 0, noTranscript: 0, noDate: 0, duplicateId: 0 };
	return { counts, chunks: feedChunks(sortedPages(pages), options, counts) };
}

function* feedChunks(
	pages: readonly FeedPage[],
	options: ReviewFeedOptions,
	counts: ReviewFeedCounts,
): Generator<string> {
	const publisher = feedText(options.publisher) ?? ANONYMOUS;
	yield '<?xml version="1.0" encoding="UTF-8"?>\n' +
		`<feed xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="${schemaLocation(options.schemaVersion)}">\n` +
		`\t<version>${options.schemaVersion}</version>\n` +
		`\t<publisher>\n\t\t<name>${escapeXmlText(publisher)}</name>\n\t</publisher>\n`;
	const seenIds = new Set<string>();
	for (const page of pages) {
		const rated = ratedReviews(page.product);
		if (rated.length === 0) continue;
		const url = escapeXmlText(strictUri(options.pageUrl(page.path)));
		const product = productXml(page.product, url);
		for (const review of rated) {
			const chunk = reviewXml(review, url, product, seenIds, counts);
			if (chunk === undefined) continue;
			// `<reviews>` may be absent but never empty: opened with the first review.
			yield counts.reviews === 0 ? `\t<reviews>\n${chunk}` : chunk;
			counts.reviews++;
		}
	}
	yield counts.reviews === 0 ? '</feed>\n' : '\t</reviews>\n</feed>\n';
}

function reviewXml(
	review: Review & { rating: number },
	url: string,
	product: string,
	seenIds: Set<string>,
	counts: ReviewFeedCounts,
): string | undefined {
	const content = feedText(review.transcript);
	if (content === undefined) {
		counts.noTranscript++;
		return undefined;
	}
	const timestamp = xmlDateTime(review.created_at);
	if (timestamp === undefined) {
		counts.noDate++;
		return undefined;
	}
	const id = feedId(review.id);
	if (id !== undefined) {
		if (seenIds.has(id)) {
			counts.duplicateId++;
			return undefined;
		}
		seenIds.add(id);
	}
	const name = feedText(authorName(review.user));
	return (
		'\t\t<review>\n' +
		(id === undefined ? '' : `\t\t\t<review_id>${escapeXmlText(id)}</review_id>\n`) +
		`\t\t\t<reviewer>\n\t\t\t\t${name === undefined ? `<name is_anonymous="true">${ANONYMOUS}</name>` : `<name>${escapeXmlText(name)}</name>`}\n\t\t\t</reviewer>\n` +
		`\t\t\t<review_timestamp>${timestamp}</review_timestamp>\n` +
		`\t\t\t<content>${escapeXmlText(content)}</content>\n` +
		`\t\t\t<review_url type="group">${url}</review_url>\n` +
		`\t\t\t<ratings>\n\t\t\t\t<overall min="${RATING_MIN}" max="${RATING_MAX}">${xmlDecimal(review.rating)}</overall>\n\t\t\t</ratings>\n` +
		product +
		'\t\t</review>\n'
	);
}

function productXml(product: Product, url: string): string {
	const sku = feedId(product.external_id);
	const name = feedText(productHeading(product));
	return (
		'\t\t\t<products>\n\t\t\t\t<product>\n' +
		(sku === undefined
			? ''
			: `\t\t\t\t\t<product_ids>\n\t\t\t\t\t\t<skus>\n\t\t\t\t\t\t\t<sku>${escapeXmlText(sku)}</sku>\n\t\t\t\t\t\t</skus>\n\t\t\t\t\t</product_ids>\n`) +
		(name === undefined ? '' : `\t\t\t\t\t<product_name>${escapeXmlText(name)}</product_name>\n`) +
		`\t\t\t\t\t<product_url>${url}</product_url>\n` +
		'\t\t\t\t</product>\n\t\t\t</products>\n'
	);
}

/** Text XML can hold, trimmed; undefined when nothing is left (the schema wants non-blank text). */
function feedText(value: string | undefined): string | undefined {
	return value === undefined ? undefined : presentText(withoutForbiddenXmlChars(value));
}

/** An id as the service spells it (untrimmed: it must match the shop's), when not blank. */
function feedId(value: string): string | undefined {
	const id = withoutForbiddenXmlChars(value);
	return presentText(id) === undefined ? undefined : id;
}

const ISO_DATE_TIME =
	/^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2}))?$/;

/**
 * `created_at` as a UTC `xs:dateTime`, or undefined unless a valid ISO date or a date-time with its
 * offset: without one, the time would depend on the building machine's time zone.
 */
export function xmlDateTime(value: string | undefined): string | undefined {
	const match = value === undefined ? null : ISO_DATE_TIME.exec(value.trim());
	if (!match) return undefined;
	const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
	const calendar = new Date(Date.UTC(year, month - 1, day));
	if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return undefined;
	const time = Date.parse(value!.trim());
	if (Number.isNaN(time)) return undefined;
	const utc = new Date(time);
	// xs:dateTime has no year 0 and `toISOString` widens years past 9999.
	if (utc.getUTCFullYear() < 1 || utc.getUTCFullYear() > 9999) return undefined;
	return utc.toISOString();
}

// WHATWG URLs keep `[`, `]`, `|`, `^` in paths, which `xs:anyURI` (RFC 3986) may not.
const NOT_IN_URI = /[^A-Za-z0-9\-._~:/?#@!$&'()*+,;=%]/gu;

function strictUri(url: string): string {
	return url.replace(NOT_IN_URI, (char) => encodeURIComponent(char));
}

/** An `xs:decimal` (no exponent): 4.5 → "4.5", 1e-7 → "0.0000001". */
function xmlDecimal(value: number): string {
	const plain = String(value);
	if (!plain.includes('e')) return plain;
	return value.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
}

function sortedPages(pages: readonly FeedPage[]): FeedPage[] {
	const key = (page: FeedPage) => page.product.external_id;
	return [...pages].sort(
		(a, b) => compare(key(a), key(b)) || compare(a.locale ?? '', b.locale ?? ''),
	);
}

/** Code-unit order: unlike `localeCompare`, the same on every machine and Node version. */
function compare(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}
