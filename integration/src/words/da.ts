import type { Words } from './words.js';

/** Danish: every phrase of en.ts, translated. */
export const da: Words = {
	// The reviews.
	reviews: 'Lydanmeldelser',
	transcript: 'Transskription',
	review: 'Anmeldelse',
	testimony: 'Udtalelse',
	rated: 'Bedømt {rating} ud af 5',
	average: {
		one: 'Gennemsnit {average} ud af 5 fra {count} anmeldelse',
		other: 'Gennemsnit {average} ud af 5 fra {count} anmeldelser',
	},
	noAudio: 'Din browser kan ikke afspille denne lyd.',
	anonymous: 'Anonym',
	languages: 'Sprog',
	// Hub pages, pagination, breadcrumbs and generated meta descriptions.
	home: 'Forside',
	hub: 'Lydanmeldelser af vores produkter',
	hubPage: '{hub} – side {page}',
	hubDescription: {
		one: 'Lyt til vores kunders lydanmeldelser: {count} produkt.',
		other: 'Lyt til vores kunders lydanmeldelser af {count} produkter.',
	},
	breadcrumb: 'Brødkrummesti',
	pages: 'Sider',
	previous: 'Forrige side',
	next: 'Næste side',
	page: 'Side {page}',
	reviewPage: '{name} – lydanmeldelser, side {page}',
	reviewPages: 'Anmeldelsessider',
	describeRated: {
		one: '{name}: bedømt {average}/5 i {count} lydanmeldelse.',
		other: '{name}: bedømt {average}/5 i {count} lydanmeldelser.',
	},
	describeHeard: {
		one: '{name}: {count} lydanmeldelse fra kunder.',
		other: '{name}: {count} lydanmeldelser fra kunder.',
	},
	describeEmpty: '{name}: lydanmeldelser og udtalelser fra kunder.',
	// The rating summary, the transcript toggle and hub entries.
	reviewCount: { one: '{count} anmeldelse', other: '{count} anmeldelser' },
	testimonyCount: { one: '{count} lydudtalelse', other: '{count} lydudtalelser' },
	starLevel: { one: '{count} stjerne', other: '{count} stjerner' },
	ratingsByStars: 'Bedømmelser fordelt på stjerner',
	showTranscript: 'Vis hele transskriptionen',
	hideTranscript: 'Vis mindre',
	audioCount: { one: '{count} lydoptagelse', other: '{count} lydoptagelser' },
	// A product without reviews in the page's language.
	noReviews: 'Der er endnu ingen lydanmeldelser af dette produkt.',
	noReviewsInLanguage: 'Der er endnu ingen lydanmeldelser af dette produkt på {language}.',
	reviewsElsewhere: {
		one: 'Lyt til lydanmeldelsen på {language}.',
		other: 'Lyt til de {count} lydanmeldelser på {language}.',
	},
	searchLabel: 'Søg i lydanmeldelserne',
	searchButton: 'Søg',
	searchResults: { one: '{count} produkt fundet', other: '{count} produkter fundet' },
	searchResultsMore: {
		one: 'Mere end {count} produkt fundet',
		other: 'Mere end {count} produkter fundet',
	},
	searchNone: 'Intet produkt matcher din søgning.',
	searchUnavailable: 'Søgningen er ikke tilgængelig lige nu; prøv igen om lidt.',
};
