import type { Product } from '../schema/product.js';
import { ratingSummary } from '../seo/review-policy.js';

/** The integration's `search` option: which static search engine the pages carry markup for. */
export type SearchMarkup = 'pagefind' | false;

type Attributes = Readonly<Record<string, string>>;

// Spread into an element, no attribute at all: with search off the pages keep every byte.
const NONE: Attributes = {};

/** On the words every page repeats (summary, UI words, dates, audio URLs): left out of the index. */
export function searchIgnore(search: SearchMarkup): Attributes {
	return search === 'pagefind' ? { 'data-pagefind-ignore': '' } : NONE;
}

/**
 * On the product's content, the only part of the page Pagefind indexes: the star level of its
 * average as a filter (4 for 4.0 to 4.9, so "4 and up" is the levels 4 and 5), the average as
 * the `rating` sort key, and no picture for the result (Pagefind would take the first avatar).
 * A further review page (`page` from 2) is indexed for its transcripts but carries no filter or
 * sort key: the product counts once in the star filter, through its first page.
 * `url`, the page's link as the site serves it (`base`, `trailingSlash`), is the result's link:
 * Pagefind would otherwise link the file's path, `…/index.html`'s folder with a `/`, which a site
 * with `trailingSlash: 'never'` answers 404, and which misses `base` when the bundle is not under it.
 */
export function searchBody(
	search: SearchMarkup,
	product: Product,
	page = 1,
	url?: string,
): Attributes {
	if (search !== 'pagefind') return NONE;
	const summary = ratingSummary(product);
	const meta: Attributes =
		url === undefined
			? { 'data-pagefind-meta': 'image:' }
			: {
					'data-pagefind-meta': 'url[data-pagefind-url], image[data-pagefind-image]',
					'data-pagefind-url': url,
					'data-pagefind-image': '',
				};
	if (summary === undefined || page > 1) return { 'data-pagefind-body': '', ...meta };
	return {
		'data-pagefind-body': '',
		...meta,
		'data-pagefind-filter': `stars:${Math.floor(summary.average)}`,
		'data-pagefind-sort': `rating:${summary.average.toFixed(2)}`,
	};
}

/**
 * On the `<h1>`: the result's title, and the review count as the `reviews` sort key (one key per
 * element; first page only).
 */
export function searchHeading(search: SearchMarkup, product: Product, page = 1): Attributes {
	if (search !== 'pagefind') return NONE;
	if (page > 1) return searchIgnore(search);
	return {
		'data-pagefind-meta': 'title',
		'data-pagefind-sort': `reviews:${product.reviews.length}`,
	};
}

/** On the product's name inside a further review page's heading: the result's title. */
export function searchTitle(search: SearchMarkup): Attributes {
	return search === 'pagefind' ? { 'data-pagefind-meta': 'title' } : NONE;
}

// Stands for the name while the phrase is filled: no word or number of a phrase holds it.
const NAME_MARK = '\u0000';

/**
 * A phrase split around the name it holds, `[before, after]`, so the name can be marked up on its
 * own; undefined when the phrase (a site's override) leaves the name out.
 */
export function aroundName(
	fill: (name: string) => string,
): [before: string, after: string] | undefined {
	const [before, after, ...more] = fill(NAME_MARK).split(NAME_MARK);
	return after === undefined || more.length > 0 ? undefined : [before!, after];
}

/**
 * On the product's description: left out of the index on a page without a review in its language.
 */
export function searchDescription(search: SearchMarkup, product: Product): Attributes {
	return product.reviews.length === 0 ? searchIgnore(search) : NONE;
}

/** On a review: an anchor, so a result lands on the review, with `title` as the sub-result's title. */
export function searchAnchor(search: SearchMarkup, reviewId: string, title: string): Attributes {
	if (search !== 'pagefind') return NONE;
	return { id: `aar-review-${reviewId}`, 'data-pagefind-title': title };
}
