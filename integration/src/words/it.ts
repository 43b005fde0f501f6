import type { Words } from './words.js';

/** Italian: every phrase of en.ts, translated. */
export const it: Words = {
	// The reviews.
	reviews: 'Recensioni audio',
	transcript: 'Trascrizione',
	review: 'Recensione',
	testimony: 'Testimonianza',
	rated: 'Valutazione: {rating} su 5',
	average: {
		one: 'Valutazione media di {average} su 5 ({count} recensione)',
		other: 'Valutazione media di {average} su 5 ({count} recensioni)',
	},
	noAudio: 'Il tuo browser non può riprodurre questo audio.',
	anonymous: 'Anonimo',
	languages: 'Lingue',
	// Hub pages, pagination, breadcrumbs and generated meta descriptions.
	home: 'Home',
	hub: 'Recensioni audio dei nostri prodotti',
	hubPage: '{hub} – pagina {page}',
	hubDescription: {
		one: 'Ascolta le recensioni audio dei nostri clienti: {count} prodotto.',
		other: 'Ascolta le recensioni audio dei nostri clienti su {count} prodotti.',
	},
	breadcrumb: 'Percorso di navigazione',
	pages: 'Pagine',
	previous: 'Pagina precedente',
	next: 'Pagina successiva',
	page: 'Pagina {page}',
	reviewPage: '{name} – recensioni audio, pagina {page}',
	reviewPages: 'Pagine di recensioni',
	describeRated: {
		one: '{name}: valutato {average}/5 in {count} recensione audio.',
		other: '{name}: valutato {average}/5 in {count} recensioni audio.',
	},
	describeHeard: {
		one: '{name}: {count} recensione audio dei clienti.',
		other: '{name}: {count} recensioni audio dei clienti.',
	},
	describeEmpty: '{name}: recensioni e testimonianze audio dei clienti.',
	// The rating summary, the transcript toggle and hub entries.
	reviewCount: { one: '{count} recensione', other: '{count} recensioni' },
	testimonyCount: { one: '{count} testimonianza audio', other: '{count} testimonianze audio' },
	starLevel: { one: '{count} stella', other: '{count} stelle' },
	ratingsByStars: 'Valutazioni per stelle',
	showTranscript: 'Mostra la trascrizione completa',
	hideTranscript: 'Mostra meno',
	audioCount: { one: '{count} registrazione audio', other: '{count} registrazioni audio' },
	// A product without reviews in the page's language.
	noReviews: 'Ancora nessuna recensione audio per questo prodotto.',
	noReviewsInLanguage: 'Ancora nessuna recensione audio per questo prodotto in {language}.',
	reviewsElsewhere: {
		one: 'Ascolta la sua recensione audio in {language}.',
		other: 'Ascolta le sue {count} recensioni audio in {language}.',
	},
	searchLabel: 'Cerca nelle recensioni audio',
	searchButton: 'Cerca',
	searchResults: { one: '{count} prodotto trovato', other: '{count} prodotti trovati' },
	searchResultsMore: {
		one: 'Più di {count} prodotto trovato',
		other: 'Più di {count} prodotti trovati',
	},
	searchNone: 'Nessun prodotto corrisponde alla ricerca.',
	searchUnavailable: 'La ricerca non è disponibile al momento; riprova tra poco.',
};
