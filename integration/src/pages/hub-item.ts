import type { HubOrder } from '../options/page-settings.js';
import type { Product } from '../schema/product.js';
import { excerpt, firstTranscript } from '../seo/meta-description.js';
import { productDescription, productHeading } from '../seo/page-meta.js';
import { ratingSummary } from '../seo/review-policy.js';

export const HUB_EXCERPT_LENGTH = 140;

export interface HubItem {
	name: string;
	path: string;
	lastmod?: string | undefined;
	/** Average and count of its rated reviews, when it has any. */
	rating?: { average: number; count: number } | undefined;
	audioCount: number;
	/** One line of its `seo_description`, else of its first transcript. */
	excerpt?: string | undefined;
}

/** The one place that decides what a hub shows of a product, static or on demand. */
export function hubItemOf(product: Product, path: string, lastmod?: string | undefined): HubItem {
	const summary = ratingSummary(product);
	const line = productDescription(product) ?? firstTranscript(product);
	return {
		name: productHeading(product),
		path,
		lastmod,
		rating: summary && { average: summary.average, count: summary.count },
		audioCount: product.reviews.length,
		excerpt: line === undefined ? undefined : excerpt(line, HUB_EXCERPT_LENGTH),
	};
}

export type HubRating = NonNullable<HubItem['rating']>;

/** Ratings at the list's mean that a damped average adds to each product's own. */
export const RATING_PRIOR = 5;

/** Damped (Bayesian) average, so "5 from 1 review" no longer outranks "4.8 from 300". */
export function dampedAverageIn(ratings: readonly HubRating[]): (rating: HubRating) => number {
	const count = ratings.reduce((sum, rating) => sum + rating.count, 0);
	const mean =
		ratings.reduce((sum, rating) => sum + rating.average * rating.count, 0) / Math.max(count, 1);
	return (rating) =>
		(rating.average * rating.count + mean * RATING_PRIOR) / (rating.count + RATING_PRIOR);
}

/** Hub order: by name, or with `'rating'` best damped average first; unrated after, by name. */
export function sortHubItems(
	items: readonly HubItem[],
	order: HubOrder,
	locale: string | undefined,
): HubItem[] {
	const collator = new Intl.Collator(safeLocale(locale));
	const byName = (a: HubItem, b: HubItem) =>
		collator.compare(a.name, b.name) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
	if (order === 'name') return [...items].sort(byName);
	const damped = dampedAverageIn(items.flatMap((item) => item.rating ?? []));
	const scored = items.map((item) => ({ item, score: item.rating ? damped(item.rating) : -1 }));
	scored.sort(
		(a, b) =>
			b.score - a.score ||
			(b.item.rating?.count ?? 0) - (a.item.rating?.count ?? 0) ||
			byName(a.item, b.item),
	);
	return scored.map(({ item }) => item);
}

function safeLocale(locale: string | undefined): string | undefined {
	if (!locale) return undefined;
	try {
		return Intl.getCanonicalLocales(locale)[0];
	} catch {
		return undefined;
	}
}
