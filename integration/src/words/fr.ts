import type { Words } from './words.js';

/** French: every phrase of en.ts, translated. */
export const fr: Words = {
	// The reviews.
	reviews: 'Avis audio',
	transcript: 'Transcription',
	review: 'Avis',
	testimony: 'Témoignage',
	rated: 'Noté {rating} sur 5',
	// "avis" is the same in the singular and the plural.
	average: 'Note moyenne de {average} sur 5 ({count} avis)',
	noAudio: 'Votre navigateur ne peut pas lire ce fichier audio.',
	anonymous: 'Anonyme',
	languages: 'Langues',
	// Hub pages, pagination, breadcrumbs and generated meta descriptions.
	home: 'Accueil',
	hub: 'Avis audio sur nos produits',
	hubPage: '{hub} – page {page}',
	hubDescription: {
		one: 'Écoutez les avis audio de nos clients : {count} produit.',
		other: 'Écoutez les avis audio de nos clients sur nos {count} produits.',
	},
	breadcrumb: 'Fil d’Ariane',
	pages: 'Pages',
	previous: 'Page précédente',
	next: 'Page suivante',
	page: 'Page {page}',
	reviewPage: '{name} – avis audio, page {page}',
	reviewPages: 'Pages d’avis',
	describeRated: '{name} : noté {average}/5 dans {count} avis audio.',
	describeHeard: {
		one: '{name} : {count} avis audio de client.',
		other: '{name} : {count} avis audio de clients.',
	},
	describeEmpty: '{name} : avis et témoignages audio de clients.',
	// The rating summary, the transcript toggle and hub entries.
	// "avis" is the same in the singular and the plural.
	reviewCount: '{count} avis',
	testimonyCount: { one: '{count} témoignage audio', other: '{count} témoignages audio' },
	starLevel: { one: '{count} étoile', other: '{count} étoiles' },
	ratingsByStars: 'Répartition des notes',
	showTranscript: 'Afficher toute la transcription',
	hideTranscript: 'Réduire',
	audioCount: { one: '{count} enregistrement audio', other: '{count} enregistrements audio' },
	// A product without reviews in the page's language.
	noReviews: 'Aucun avis audio sur ce produit pour le moment.',
	noReviewsInLanguage: 'Aucun avis audio sur ce produit en {language} pour le moment.',
	reviewsElsewhere: {
		one: 'Écoutez son avis audio en {language}.',
		other: 'Écoutez ses {count} avis audio en {language}.',
	},
	searchLabel: 'Rechercher dans les avis audio',
	searchButton: 'Rechercher',
	searchResults: { one: '{count} produit trouvé', other: '{count} produits trouvés' },
	searchResultsMore: {
		one: 'Plus de {count} produit trouvé',
		other: 'Plus de {count} produits trouvés',
	},
	searchNone: 'Aucun produit ne correspond à votre recherche.',
	searchUnavailable: 'La recherche est indisponible pour le moment ; réessayez dans un instant.',
};
