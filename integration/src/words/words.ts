/**
 * The keys, placeholders and types every language module shares. A phrase has `{name}`
 * placeholders or, with `{count}`, one string per plural category (`other` required). `Words`
 * makes a missing translation a compile error; a new language is a module in `BUILT_IN_WORDS`.
 */

export type PluralForms = { other: string } & Partial<
	Record<Exclude<Intl.LDMLPluralRule, 'other'>, string>
>;
export type Phrase = string | PluralForms;

const placeholders = {
	reviews: [],
	transcript: [],
	review: [],
	testimony: [],
	rated: ['rating'],
	average: ['average', 'count'],
	noAudio: [],
	anonymous: [],
	languages: [],
	home: [],
	hub: [],
	hubPage: ['hub', 'page'],
	hubDescription: ['count'],
	breadcrumb: [],
	pages: [],
	previous: [],
	next: [],
	page: ['page'],
	reviewPage: ['name', 'page'],
	reviewPages: [],
	describeRated: ['name', 'average', 'count'],
	describeHeard: ['name', 'count'],
	describeEmpty: ['name'],
	reviewCount: ['count'],
	testimonyCount: ['count'],
	starLevel: ['count'],
	ratingsByStars: [],
	showTranscript: [],
	hideTranscript: [],
	audioCount: ['count'],
	noReviews: [],
	noReviewsInLanguage: ['language'],
	reviewsElsewhere: ['count', 'language'],
	searchLabel: [],
	searchButton: [],
	searchResults: ['count'],
	searchResultsMore: ['count'],
	searchNone: [],
	searchUnavailable: [],
};

export type WordKey = keyof typeof placeholders;
export type Words = Record<WordKey, Phrase>;

/** Placeholders each phrase may hold; an override using another one is rejected at config time. */
export const PLACEHOLDERS: Readonly<Record<WordKey, readonly string[]>> = placeholders;

export const WORD_KEYS = Object.keys(PLACEHOLDERS) as WordKey[];
