import type { Words } from './words.js';

/** English: the words every language translates; a key's comment says where the phrase shows. */
export const en: Words = {
	/** Heading of the reviews section. */
	reviews: 'Audio reviews',
	/** Title above a review's transcript. */
	transcript: 'Transcript',
	/** Heading of a `review` item the service sent without a label. */
	review: 'Review',
	/** Heading of a `testimony` item the service sent without a label. */
	testimony: 'Testimonial',
	/** One review's rating: `{rating}`. */
	rated: 'Rated {rating} out of 5',
	/** The product's average over its rated reviews: `{average}`, `{count}`. */
	average: {
		one: 'Average rating {average} out of 5 from {count} review',
		other: 'Average rating {average} out of 5 from {count} reviews',
	},
	/** Fallback text inside `<audio>`. */
	noAudio: 'Your browser cannot play this audio.',
	/** Author of a review the service sent without a name. */
	anonymous: 'Anonymous',
	/** `aria-label` of the language switcher. */
	languages: 'Languages',
	/** First breadcrumb: the site's home page. */
	home: 'Home',
	/** Heading and breadcrumb of the hub pages. */
	hub: 'Audio reviews of our products',
	/** `<title>` and heading of hub pages after the first. */
	hubPage: '{hub} – page {page}',
	/** Meta description of a hub page. */
	hubDescription: {
		one: 'Listen to customers’ audio reviews: {count} product.',
		other: 'Listen to customers’ audio reviews of our {count} products.',
	},
	/** `aria-label` of the breadcrumb trail. */
	breadcrumb: 'Breadcrumb',
	/** `aria-label` of the hub's page links. */
	pages: 'Pages',
	previous: 'Previous page',
	next: 'Next page',
	/** Accessible name of one page link. */
	page: 'Page {page}',
	/** `<title>` and `<h1>` of a product's review pages after the first: `{name}` is the product's title or heading. */
	reviewPage: '{name} – audio reviews, page {page}',
	/** `aria-label` of the links between a product's review pages. */
	reviewPages: 'Review pages',
	/** Generated description of a product with rated reviews. */
	describeRated: {
		one: '{name}: rated {average}/5 in {count} audio review.',
		other: '{name}: rated {average}/5 in {count} audio reviews.',
	},
	/** Generated description of a product with only testimonies or unrated reviews. */
	describeHeard: {
		one: '{name}: {count} customer audio review.',
		other: '{name}: {count} customer audio reviews.',
	},
	/** Generated description of a product without reviews in the page's language. */
	describeEmpty: '{name}: customer audio reviews and testimonials.',
	/** Count of rated reviews in the summary and on hub entries. */
	reviewCount: { one: '{count} review', other: '{count} reviews' },
	/** Count of testimonies, shown apart from the rated reviews. */
	testimonyCount: { one: '{count} audio testimonial', other: '{count} audio testimonials' },
	/** A star level of the summary's distribution (`{count}` is the level, 5 to 1). */
	starLevel: { one: '{count} star', other: '{count} stars' },
	/** `aria-label` of the distribution of ratings per star level. */
	ratingsByStars: 'Ratings by stars',
	/** Button that opens a long transcript. */
	showTranscript: 'Show full transcript',
	/** The same button once the transcript is open. */
	hideTranscript: 'Show less',
	/** Every audio item on a hub entry, rated or not: not `reviewCount`, the rated ones. */
	audioCount: { one: '{count} audio recording', other: '{count} audio recordings' },
	/** A product without any audio review here: on its page and on its hub card. */
	noReviews: 'No audio reviews of this product yet.',
	/** Its page, when another language of the site has reviews of it: `{language}` is the page's language. */
	noReviewsInLanguage: 'No audio reviews of this product in {language} yet.',
	/** The link to its page in a language that has reviews: `{count}` of them, in `{language}`. */
	reviewsElsewhere: {
		one: 'Listen to its audio review in {language}.',
		other: 'Listen to its {count} audio reviews in {language}.',
	},
	/** `ReviewSearch`: the search field's label. */
	searchLabel: 'Search the audio reviews',
	/** `ReviewSearch`: the submit button. */
	searchButton: 'Search',
	/** `ReviewSearch`: how many products matched (announced to screen readers). */
	searchResults: { one: '{count} product found', other: '{count} products found' },
	/** `ReviewSearch`: the count past the endpoint's cap. */
	searchResultsMore: {
		one: 'More than {count} product found',
		other: 'More than {count} products found',
	},
	/** `ReviewSearch`: nothing matched. */
	searchNone: 'No product matches your search.',
	/** `ReviewSearch`: the search index cannot be reached. */
	searchUnavailable: 'Search is unavailable right now; please try again shortly.',
};
