import type { Product } from '../schema/product.js';
import { type UiText, uiText } from '../words/ui-text.js';
import { presentText, productDescription, productHeading } from './page-meta.js';
import { ratingSummary } from './review-policy.js';

/** Search engines cut longer descriptions; Lighthouse only asks that one exists. */
export const MAX_DESCRIPTION_LENGTH = 160;
const ELLIPSIS = '…';

/** `<meta name="description">` of a product page. */
export function metaDescription(
	product: Product,
	locale: string | undefined,
	text: UiText = uiText(locale),
): string {
	const own = productDescription(product);
	if (own !== undefined) return clip(collapse(own));
	const name = collapse(productHeading(product));
	const summary = ratingSummary(product);
	const lead = summary
		? text('describeRated', { name, average: summary.average, count: summary.count })
		: product.reviews.length > 0
			? text('describeHeard', { name, count: product.reviews.length })
			: text('describeEmpty', { name });
	const quote = firstTranscript(product);
	return clip(quote === undefined ? lead : `${lead} “${quote}`, quote !== undefined);
}

/** The opening of the product's first transcript, on one line (a hub entry's excerpt reads it too). */
export function firstTranscript(product: Product): string | undefined {
	for (const review of product.reviews) {
		const transcript = presentText(review.transcript);
		if (transcript !== undefined) return collapse(transcript);
	}
	return undefined;
}

/** One line of text: transcripts and back-office fields hold line breaks and runs of spaces. */
function collapse(text: string): string {
	return text.replace(/\s+/g, ' ').trim();
}

/** One line of `text`, cut at a word to at most `max` code points with an ellipsis. */
export function excerpt(text: string, max: number): string {
	return clip(collapse(text), false, max);
}

/** `text` cut to at most `max` code points, at a word boundary when one is near. */
function clip(text: string, quoted = false, max = MAX_DESCRIPTION_LENGTH): string {
	const chars = [...text];
	const close = quoted ? '”' : '';
	if (chars.length + close.length <= max) return `${text}${close}`;
	const room = max - ELLIPSIS.length - close.length;
	const cut = chars.slice(0, room).join('');
	const space = cut.lastIndexOf(' ');
	const head = space > room * 0.6 ? cut.slice(0, space) : cut;
	return `${head.replace(/[\s,;:.–-]+$/u, '')}${ELLIPSIS}${close}`;
}
