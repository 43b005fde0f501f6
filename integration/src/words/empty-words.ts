import type { Phrase } from './phrase.js';

/**
 * The words of a product without reviews in the page's language: its page says so in a sentence
 * (pointing to a language that has reviews, when one does) and so does its hub card. `{language}`
 * is a language's name in the page's language (`Intl.DisplayNames`: "French", "anglais").
 * `words.ts` joins them to the others: users override them alike (`uiText`).
 */

const en = {
	/** A product without any audio review here: on its page and on its hub card. */
	noReviews: 'No audio reviews of this product yet.',
	/** Its page, when another language of the site has reviews of it: `{language}` is the page's language. */
	noReviewsInLanguage: 'No audio reviews of this product in {language} yet.',
	/** The link to its page in a language that has reviews: `{count}` of them, in `{language}`. */
	reviewsElsewhere: {
		one: 'Listen to its audio review in {language}.',
		other: 'Listen to its {count} audio reviews in {language}.',
	} as Phrase,
};

export type EmptyWordKey = keyof typeof en;
export type EmptyWords = Record<EmptyWordKey, Phrase>;

export const EMPTY_PLACEHOLDERS: Readonly<Record<EmptyWordKey, readonly string[]>> = {
	noReviews: [],
	noReviewsInLanguage: ['language'],
	reviewsElsewhere: ['count', 'language'],
};

/** By language tag, every language of `words.ts`; a regional tag falls back to its language. */
export const BUILT_IN_EMPTY_WORDS: Readonly<Record<string, EmptyWords>> = {
	en,
	fr: {
		noReviews: 'Aucun avis audio sur ce produit pour le moment.',
		noReviewsInLanguage: 'Aucun avis audio sur ce produit en {language} pour le moment.',
		reviewsElsewhere: { one: 'Écoutez son avis audio en {language}.', other: 'Écoutez ses {count} avis audio en {language}.' },
	},
	de: {
		noReviews: 'Zu diesem Produkt gibt es noch keine Audiobewertungen.',
		noReviewsInLanguage: 'Zu diesem Produkt gibt es noch keine Audiobewertungen auf {language}.',
		reviewsElsewhere: {
			one: 'Hören Sie die Audiobewertung auf {language}.',
			other: 'Hören Sie die {count} Audiobewertungen auf {language}.',
		},
	},
	es: {
		noReviews: 'Este producto aún no tiene opiniones en audio.',
		noReviewsInLanguage: 'Este producto aún no tiene opiniones en audio en {language}.',
		reviewsElsewhere: { one: 'Escucha su opinión en audio en {language}.', other: 'Escucha sus {count} opiniones en audio en {language}.' },
	},
	it: {
		noReviews: 'Ancora nessuna recensione audio per questo prodotto.',
		noReviewsInLanguage: 'Ancora nessuna recensione audio per questo prodotto in {language}.',
		reviewsElsewhere: {
			one: 'Ascolta la sua recensione audio in {language}.',
			other: 'Ascolta le sue {count} recensioni audio in {language}.',
		},
	},
	nl: {
		noReviews: 'Er zijn nog geen audiorecensies van dit product.',
		noReviewsInLanguage: 'Er zijn nog geen audiorecensies van dit product in het {language}.',
		reviewsElsewhere: {
			one: 'Beluister de audiorecensie in het {language}.',
			other: 'Beluister de {count} audiorecensies in het {language}.',
		},
	},
	pt: {
		noReviews: 'Este produto ainda não tem avaliações em áudio.',
		noReviewsInLanguage: 'Este produto ainda não tem avaliações em áudio em {language}.',
		reviewsElsewhere: { one: 'Ouça a avaliação em áudio em {language}.', other: 'Ouça as {count} avaliações em áudio em {language}.' },
	},
	// Polish declines language names ("po angielsku"): the name stands apart, in the nominative Intl gives.
	pl: {
		noReviews: 'Ten produkt nie ma jeszcze recenzji audio.',
		noReviewsInLanguage: 'Ten produkt nie ma jeszcze recenzji audio w tym języku ({language}).',
		reviewsElsewhere: {
			one: 'Posłuchaj recenzji audio w innym języku ({language}).',
			other: 'Posłuchaj recenzji audio w innym języku ({language}): {count}.',
		},
	},
	sv: {
		noReviews: 'Den här produkten har inga ljudrecensioner än.',
		noReviewsInLanguage: 'Den här produkten har inga ljudrecensioner på {language} än.',
		reviewsElsewhere: { one: 'Lyssna på ljudrecensionen på {language}.', other: 'Lyssna på de {count} ljudrecensionerna på {language}.' },
	},
	da: {
		noReviews: 'Der er endnu ingen lydanmeldelser af dette produkt.',
		noReviewsInLanguage: 'Der er endnu ingen lydanmeldelser af dette produkt på {language}.',
		reviewsElsewhere: { one: 'Lyt til lydanmeldelsen på {language}.', other: 'Lyt til de {count} lydanmeldelser på {language}.' },
	},
};
