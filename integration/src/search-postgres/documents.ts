import { createHash } from 'node:crypto';
import { orderedReviews } from '../routing/review-pages.js';
import type { Product } from '../schema/product.js';
import { authorName, productDescription, productHeading } from '../seo/page-meta.js';
import { ratingSummary } from '../seo/review-policy.js';

// One row of the index: what a product's page shows in one locale, in the three weighted fields
// (name > description > reviews), and the numbers its results show.

export interface SearchDocument {
	ref: string;
	locale: string;
	name: string;
	description: string;
	/** Each shown review's label, author and transcript, one review per paragraph. */
	body: string;
	rating: number | null;
	reviews: number;
	/** Moves when anything above does: an unchanged digest is not rewritten. */
	digest: string;
}

export function searchDocument(product: Product, locale: string): SearchDocument {
	const summary = ratingSummary(product);
	const body = orderedReviews(product.reviews)
		.map(({ review }) =>
			[review.label, authorName(review.user), review.user.description, review.transcript]
				.map((part) => part?.trim())
				.filter(Boolean)
				.join('\n'),
		)
		.filter(Boolean)
		.join('\n\n');
	const fields = {
		ref: product.external_id,
		locale,
		name: productHeading(product),
		description: productDescription(product) ?? '',
		body,
		rating: summary?.average ?? null,
		reviews: summary?.count ?? 0,
	};
	const digest = createHash('sha256').update(JSON.stringify(fields)).digest('base64url');
	return { ...fields, digest };
}

/** Shorter words are never corrected: one typo in four letters is another word. */
export const MIN_TYPO_WORD = 5;
const MAX_WORD = 40;

/** A word as the typo table keeps it: lower-cased, accents removed. */
export function foldWord(word: string): string {
	return word
		.normalize('NFD')
		.replace(/\p{M}+/gu, '')
		.toLowerCase();
}

/** The distinct correctable words of some documents, for the typo table. */
export function documentWords(documents: readonly SearchDocument[]): string[] {
	// Folded once per distinct spelling: transcripts repeat their words.
	const spellings = new Set<string>();
	for (const document of documents) {
		const text = `${document.name} ${document.description} ${document.body}`;
		for (const match of text.matchAll(/[\p{L}\p{M}]+/gu)) spellings.add(match[0]);
	}
	const words = new Set<string>();
	for (const spelling of spellings) {
		const word = foldWord(spelling);
		if (word.length >= MIN_TYPO_WORD && word.length <= MAX_WORD) words.add(word);
	}
	return [...words];
}
