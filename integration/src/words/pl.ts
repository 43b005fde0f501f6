import type { Words } from './words.js';

/** Polish: every phrase of en.ts, translated. */
export const pl: Words = {
	// The reviews.
	reviews: 'Recenzje audio',
	transcript: 'Transkrypcja',
	review: 'Recenzja',
	testimony: 'Opinia',
	rated: 'Ocena {rating} na 5',
	average: {
		one: 'Średnia ocena {average} na 5 ({count} recenzja)',
		few: 'Średnia ocena {average} na 5 ({count} recenzje)',
		many: 'Średnia ocena {average} na 5 ({count} recenzji)',
		other: 'Średnia ocena {average} na 5 ({count} recenzji)',
	},
	noAudio: 'Twoja przeglądarka nie może odtworzyć tego nagrania.',
	anonymous: 'Anonim',
	languages: 'Języki',
	// Hub pages, pagination, breadcrumbs and generated meta descriptions.
	home: 'Strona główna',
	hub: 'Opinie audio o naszych produktach',
	hubPage: '{hub} – strona {page}',
	hubDescription: {
		one: 'Posłuchaj opinii audio naszych klientów: {count} produkt.',
		few: 'Posłuchaj opinii audio naszych klientów o {count} produktach.',
		other: 'Posłuchaj opinii audio naszych klientów o {count} produktach.',
	},
	breadcrumb: 'Ścieżka nawigacji',
	pages: 'Strony',
	previous: 'Poprzednia strona',
	next: 'Następna strona',
	page: 'Strona {page}',
	reviewPage: '{name} – opinie audio, strona {page}',
	reviewPages: 'Strony opinii',
	describeRated: {
		one: '{name}: ocena {average}/5 w {count} opinii audio.',
		other: '{name}: ocena {average}/5 w {count} opiniach audio.',
	},
	describeHeard: {
		one: '{name}: {count} opinia audio klientów.',
		few: '{name}: {count} opinie audio klientów.',
		other: '{name}: {count} opinii audio klientów.',
	},
	describeEmpty: '{name}: opinie i referencje audio klientów.',
	// The rating summary, the transcript toggle and hub entries.
	reviewCount: {
		one: '{count} recenzja',
		few: '{count} recenzje',
		many: '{count} recenzji',
		other: '{count} recenzji',
	},
	testimonyCount: {
		one: '{count} opinia audio',
		few: '{count} opinie audio',
		many: '{count} opinii audio',
		other: '{count} opinii audio',
	},
	starLevel: {
		one: '{count} gwiazdka',
		few: '{count} gwiazdki',
		many: '{count} gwiazdek',
		other: '{count} gwiazdki',
	},
	ratingsByStars: 'Oceny według liczby gwiazdek',
	showTranscript: 'Pokaż całą transkrypcję',
	hideTranscript: 'Pokaż mniej',
	audioCount: {
		one: '{count} nagranie',
		few: '{count} nagrania',
		many: '{count} nagrań',
		other: '{count} nagrania',
	},
	// A product without reviews in the page's language.
	noReviews: 'Ten produkt nie ma jeszcze recenzji audio.',
	noReviewsInLanguage: 'Ten produkt nie ma jeszcze recenzji audio w tym języku ({language}).',
	reviewsElsewhere: {
		one: 'Posłuchaj recenzji audio w innym języku ({language}).',
		other: 'Posłuchaj recenzji audio w innym języku ({language}): {count}.',
	},
	searchLabel: 'Szukaj w recenzjach audio',
	searchButton: 'Szukaj',
	searchResults: {
		one: 'Znaleziono {count} produkt',
		few: 'Znaleziono {count} produkty',
		many: 'Znaleziono {count} produktów',
		other: 'Znaleziono {count} produktu',
	},
	searchResultsMore: {
		one: 'Znaleziono ponad {count} produkt',
		few: 'Znaleziono ponad {count} produkty',
		many: 'Znaleziono ponad {count} produktów',
		other: 'Znaleziono ponad {count} produktu',
	},
	searchNone: 'Żaden produkt nie pasuje do wyszukiwania.',
	searchUnavailable: 'Wyszukiwanie jest chwilowo niedostępne; spróbuj ponownie za chwilę.',
};
