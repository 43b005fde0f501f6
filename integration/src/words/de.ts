import type { Words } from './words.js';

/** German: every phrase of en.ts, translated. */
export const de: Words = {
	// The reviews.
	reviews: 'Audiobewertungen',
	transcript: 'Transkript',
	review: 'Bewertung',
	testimony: 'Erfahrungsbericht',
	rated: '{rating} von 5 Sternen',
	average: {
		one: 'Durchschnittlich {average} von 5 Sternen bei {count} Bewertung',
		other: 'Durchschnittlich {average} von 5 Sternen bei {count} Bewertungen',
	},
	noAudio: 'Ihr Browser kann diese Audiodatei nicht abspielen.',
	anonymous: 'Anonym',
	languages: 'Sprachen',
	// Hub pages, pagination, breadcrumbs and generated meta descriptions.
	home: 'Startseite',
	hub: 'Audiobewertungen unserer Produkte',
	hubPage: '{hub} – Seite {page}',
	hubDescription: {
		one: 'Hören Sie Audiobewertungen unserer Kunden: {count} Produkt.',
		other: 'Hören Sie Audiobewertungen unserer Kunden zu {count} Produkten.',
	},
	breadcrumb: 'Brotkrumennavigation',
	pages: 'Seiten',
	previous: 'Vorherige Seite',
	next: 'Nächste Seite',
	page: 'Seite {page}',
	reviewPage: '{name} – Audiobewertungen, Seite {page}',
	reviewPages: 'Bewertungsseiten',
	describeRated: {
		one: '{name}: bewertet mit {average}/5 in {count} Audiobewertung.',
		other: '{name}: bewertet mit {average}/5 in {count} Audiobewertungen.',
	},
	describeHeard: {
		one: '{name}: {count} Audiobewertung von Kunden.',
		other: '{name}: {count} Audiobewertungen von Kunden.',
	},
	describeEmpty: '{name}: Audiobewertungen und Erfahrungsberichte von Kunden.',
	// The rating summary, the transcript toggle and hub entries.
	reviewCount: { one: '{count} Bewertung', other: '{count} Bewertungen' },
	testimonyCount: {
		one: '{count} Audio-Erfahrungsbericht',
		other: '{count} Audio-Erfahrungsberichte',
	},
	starLevel: { one: '{count} Stern', other: '{count} Sterne' },
	ratingsByStars: 'Bewertungen nach Sternen',
	showTranscript: 'Ganzes Transkript anzeigen',
	hideTranscript: 'Weniger anzeigen',
	audioCount: { one: '{count} Audioaufnahme', other: '{count} Audioaufnahmen' },
	// A product without reviews in the page's language.
	noReviews: 'Zu diesem Produkt gibt es noch keine Audiobewertungen.',
	noReviewsInLanguage: 'Zu diesem Produkt gibt es noch keine Audiobewertungen auf {language}.',
	reviewsElsewhere: {
		one: 'Hören Sie die Audiobewertung auf {language}.',
		other: 'Hören Sie die {count} Audiobewertungen auf {language}.',
	},
	searchLabel: 'Audiobewertungen durchsuchen',
	searchButton: 'Suchen',
	searchResults: { one: '{count} Produkt gefunden', other: '{count} Produkte gefunden' },
	searchResultsMore: {
		one: 'Mehr als {count} Produkt gefunden',
		other: 'Mehr als {count} Produkte gefunden',
	},
	searchNone: 'Kein Produkt entspricht Ihrer Suche.',
	searchUnavailable:
		'Die Suche ist gerade nicht verfügbar; bitte versuchen Sie es gleich noch einmal.',
};
