import type { Words } from './words.js';

/** Dutch: every phrase of en.ts, translated. */
export const nl: Words = {
	// The reviews.
	reviews: 'Audiorecensies',
	transcript: 'Transcriptie',
	review: 'Recensie',
	testimony: 'Ervaring',
	rated: '{rating} van de 5 sterren',
	average: {
		one: 'Gemiddeld {average} van de 5 sterren uit {count} beoordeling',
		other: 'Gemiddeld {average} van de 5 sterren uit {count} beoordelingen',
	},
	noAudio: 'Je browser kan deze audio niet afspelen.',
	anonymous: 'Anoniem',
	languages: 'Talen',
	// Hub pages, pagination, breadcrumbs and generated meta descriptions.
	home: 'Home',
	hub: 'Audiorecensies van onze producten',
	hubPage: '{hub} – pagina {page}',
	hubDescription: {
		one: 'Luister naar audiorecensies van onze klanten: {count} product.',
		other: 'Luister naar audiorecensies van onze klanten over {count} producten.',
	},
	breadcrumb: 'Kruimelpad',
	pages: 'Pagina’s',
	previous: 'Vorige pagina',
	next: 'Volgende pagina',
	page: 'Pagina {page}',
	reviewPage: '{name} – audiorecensies, pagina {page}',
	reviewPages: 'Recensiepagina’s',
	describeRated: {
		one: '{name}: beoordeeld met {average}/5 in {count} audiorecensie.',
		other: '{name}: beoordeeld met {average}/5 in {count} audiorecensies.',
	},
	describeHeard: {
		one: '{name}: {count} audiorecensie van klanten.',
		other: '{name}: {count} audiorecensies van klanten.',
	},
	describeEmpty: '{name}: audiorecensies en getuigenissen van klanten.',
	// The rating summary, the transcript toggle and hub entries.
	reviewCount: { one: '{count} beoordeling', other: '{count} beoordelingen' },
	testimonyCount: { one: '{count} audio-ervaring', other: '{count} audio-ervaringen' },
	starLevel: { one: '{count} ster', other: '{count} sterren' },
	ratingsByStars: 'Beoordelingen per aantal sterren',
	showTranscript: 'Volledige transcriptie tonen',
	hideTranscript: 'Minder tonen',
	audioCount: { one: '{count} audio-opname', other: '{count} audio-opnamen' },
	// A product without reviews in the page's language.
	noReviews: 'Er zijn nog geen audiorecensies van dit product.',
	noReviewsInLanguage: 'Er zijn nog geen audiorecensies van dit product in het {language}.',
	reviewsElsewhere: {
		one: 'Beluister de audiorecensie in het {language}.',
		other: 'Beluister de {count} audiorecensies in het {language}.',
	},
	searchLabel: 'Zoeken in de audiorecensies',
	searchButton: 'Zoeken',
	searchResults: { one: '{count} product gevonden', other: '{count} producten gevonden' },
	searchResultsMore: {
		one: 'Meer dan {count} product gevonden',
		other: 'Meer dan {count} producten gevonden',
	},
	searchNone: 'Geen product komt overeen met uw zoekopdracht.',
	searchUnavailable: 'Zoeken is nu niet beschikbaar; probeer het zo opnieuw.',
};
