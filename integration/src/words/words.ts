/**
 * The words the pages and components print: one module per language (en.ts defines the keys and
 * says where each phrase shows; fr.ts, de.ts, … translate every one of them), and here what they
 * share: the keys, the placeholders each phrase may hold and the types. A phrase is a string with
 * `{name}` placeholders (numbers are formatted with `Intl.NumberFormat` of the page's locale) or,
 * when it holds `{count}`, one string per plural category of `Intl.PluralRules` (`other` required).
 *
 * To add a word: add its key and placeholders here, then its phrase to en.ts and every other
 * language; the `Words` type makes a missing translation a compile error. To add a language: a
 * module like fr.ts, listed in `BUILT_IN_WORDS` (ui-text.ts). Users override any phrase per locale
 * with the integration's `uiText` option or a component's `text` prop.
 */

export type PluralForms = { other: string } & Partial<
	Record<Exclude<Intl.LDMLPluralRule, 'other'>, string>
>;
export type Phrase = string | PluralForms;

const placeholders = {
	// The reviews.
	reviews: [],
	transcript: [],
	review: [],
	testimony: [],
	rated: ['rating'],
	average: ['average', 'count'],
	noAudio: [],
	anonymous: [],
	languages: [],
	// Hub pages, pagination, breadcrumbs and generated meta descriptions.
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
	// The rating summary, the transcript toggle and hub entries.
	reviewCount: ['count'],
	testimonyCount: ['count'],
	starLevel: ['count'],
	ratingsByStars: [],
	showTranscript: [],
	hideTranscript: [],
	audioCount: ['count'],
	// A product without reviews in the page's language.
	noReviews: [],
	noReviewsInLanguage: ['language'],
	reviewsElsewhere: ['count', 'language'],
};

export type WordKey = keyof typeof placeholders;
export type Words = Record<WordKey, Phrase>;

/** Placeholders each phrase may hold; an override using another one is rejected at config time. */
export const PLACEHOLDERS: Readonly<Record<WordKey, readonly string[]>> = placeholders;

export const WORD_KEYS = Object.keys(PLACEHOLDERS) as WordKey[];
