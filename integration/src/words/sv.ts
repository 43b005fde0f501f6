import type { Words } from './words.js';

/** Swedish: every phrase of en.ts, translated. */
export const sv: Words = {
	// The reviews.
	reviews: 'Ljudrecensioner',
	transcript: 'Transkription',
	review: 'Recension',
	testimony: 'Kundberättelse',
	rated: 'Betyg {rating} av 5',
	average: {
		one: 'Snittbetyg {average} av 5 från {count} recension',
		other: 'Snittbetyg {average} av 5 från {count} recensioner',
	},
	noAudio: 'Din webbläsare kan inte spela upp det här ljudet.',
	anonymous: 'Anonym',
	languages: 'Språk',
	// Hub pages, pagination, breadcrumbs and generated meta descriptions.
	home: 'Startsida',
	hub: 'Ljudrecensioner av våra produkter',
	hubPage: '{hub} – sida {page}',
	hubDescription: {
		one: 'Lyssna på våra kunders ljudrecensioner: {count} produkt.',
		other: 'Lyssna på våra kunders ljudrecensioner av {count} produkter.',
	},
	breadcrumb: 'Brödsmulor',
	pages: 'Sidor',
	previous: 'Föregående sida',
	next: 'Nästa sida',
	page: 'Sida {page}',
	reviewPage: '{name} – ljudrecensioner, sida {page}',
	reviewPages: 'Recensionssidor',
	describeRated: {
		one: '{name}: betyg {average}/5 i {count} ljudrecension.',
		other: '{name}: betyg {average}/5 i {count} ljudrecensioner.',
	},
	describeHeard: {
		one: '{name}: {count} ljudrecension från kunder.',
		other: '{name}: {count} ljudrecensioner från kunder.',
	},
	describeEmpty: '{name}: ljudrecensioner och kundberättelser.',
	// The rating summary, the transcript toggle and hub entries.
	reviewCount: { one: '{count} recension', other: '{count} recensioner' },
	testimonyCount: { one: '{count} kundberättelse i ljud', other: '{count} kundberättelser i ljud' },
	starLevel: { one: '{count} stjärna', other: '{count} stjärnor' },
	ratingsByStars: 'Betyg per antal stjärnor',
	showTranscript: 'Visa hela transkriptionen',
	hideTranscript: 'Visa mindre',
	audioCount: { one: '{count} ljudinspelning', other: '{count} ljudinspelningar' },
	// A product without reviews in the page's language.
	noReviews: 'Den här produkten har inga ljudrecensioner än.',
	noReviewsInLanguage: 'Den här produkten har inga ljudrecensioner på {language} än.',
	reviewsElsewhere: {
		one: 'Lyssna på ljudrecensionen på {language}.',
		other: 'Lyssna på de {count} ljudrecensionerna på {language}.',
	},
	searchLabel: 'Sök i ljudrecensionerna',
	searchButton: 'Sök',
	searchResults: { one: '{count} produkt hittades', other: '{count} produkter hittades' },
	searchResultsMore: {
		one: 'Fler än {count} produkt hittades',
		other: 'Fler än {count} produkter hittades',
	},
	searchNone: 'Ingen produkt matchar din sökning.',
	searchUnavailable: 'Sökningen är inte tillgänglig just nu; försök igen om en stund.',
};
