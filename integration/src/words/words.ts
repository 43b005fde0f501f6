import { BUILT_IN_EMPTY_WORDS, EMPTY_PLACEHOLDERS, type EmptyWordKey, type EmptyWords } from './empty-words.js';
import type { Phrase } from './phrase.js';
import {
	BUILT_IN_PRESENTATION_WORDS,
	PRESENTATION_PLACEHOLDERS,
	type PresentationWordKey,
	type PresentationWords,
} from './presentation-words.js';
import { BUILT_IN_SEO_WORDS, SEO_PLACEHOLDERS, type SeoWordKey, type SeoWords } from './seo-words.js';

/**
 * The words the pages and components print, per language: the reviews' words here, the
 * search-facing ones (hub, breadcrumb, generated descriptions) in `seo-words.ts`, the summary's,
 * the transcript toggle's and the hub entries' in `presentation-words.ts`, those of a product
 * without reviews in `empty-words.ts`, one set to
 * users. A phrase is a string with `{name}`
 * placeholders (numbers are formatted with `Intl.NumberFormat` of the page's locale) or, when it
 * holds `{count}`, one string per plural category of `Intl.PluralRules` (`other` required).
 *
 * To add a word: add its key to `en` (which defines the keys), then to every other language;
 * the `Words` type makes a missing translation a compile error. Users override any of them per
 * locale with the integration's `uiText` option or a component's `text` prop.
 */
export type { Phrase, PluralForms } from './phrase.js';

const en = {
	/** Heading of the reviews section. */
	reviews: 'Audio reviews',
	/** Title above a review's transcript. */
	transcript: 'Transcript',
	/** Heading of a `review` item the service sent without a label. */
	review: 'Review',
	/** Heading of a `testimony` item the service sent without a label. */
	testimony: 'Testimonial',
	/** One review's rating: `{rating}`. */
	rated: 'Rated {rating} out of 5',
	/** The product's average over its rated reviews: `{average}`, `{count}`. */
	average: {
		one: 'Average rating {average} out of 5 from {count} review',
		other: 'Average rating {average} out of 5 from {count} reviews',
	} as Phrase,
	/** Fallback text inside `<audio>`. */
	noAudio: 'Your browser cannot play this audio.',
	/** Author of a review the service sent without a name. */
	anonymous: 'Anonymous',
	/** `aria-label` of the language switcher. */
	languages: 'Languages',
};

type ReviewWordKey = keyof typeof en;
type ReviewWords = Record<ReviewWordKey, Phrase>;
export type WordKey = ReviewWordKey | SeoWordKey | PresentationWordKey | EmptyWordKey;
export type Words = Record<WordKey, Phrase>;

const REVIEW_PLACEHOLDERS: Readonly<Record<ReviewWordKey, readonly string[]>> = {
	reviews: [],
	transcript: [],
	review: [],
	testimony: [],
	rated: ['rating'],
	average: ['average', 'count'],
	noAudio: [],
	anonymous: [],
	languages: [],
};

/** Placeholders each phrase may hold; an override using another one is rejected at config time. */
export const PLACEHOLDERS: Readonly<Record<WordKey, readonly string[]>> = {
	...REVIEW_PLACEHOLDERS,
	...SEO_PLACEHOLDERS,
	...PRESENTATION_PLACEHOLDERS,
	...EMPTY_PLACEHOLDERS,
};

export const WORD_KEYS = Object.keys(PLACEHOLDERS) as WordKey[];

const pt: ReviewWords = {
	reviews: 'Avaliações em áudio',
	transcript: 'Transcrição',
	review: 'Avaliação',
	testimony: 'Depoimento',
	rated: 'Avaliado com {rating} de 5',
	average: {
		one: 'Média de {average} de 5 com base em {count} avaliação',
		other: 'Média de {average} de 5 com base em {count} avaliações',
	},
	noAudio: 'O seu navegador não consegue reproduzir este áudio.',
	anonymous: 'Anónimo',
	languages: 'Idiomas',
};

const REVIEW_WORDS: Readonly<Record<string, ReviewWords>> = {
	en,
	fr: {
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
	},
	de: {
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
	},
	es: {
		reviews: 'Opiniones en audio',
		transcript: 'Transcripción',
		review: 'Opinión',
		testimony: 'Testimonio',
		rated: 'Valoración: {rating} de 5',
		average: {
			one: 'Valoración media de {average} sobre 5 ({count} opinión)',
			other: 'Valoración media de {average} sobre 5 ({count} opiniones)',
		},
		noAudio: 'Tu navegador no puede reproducir este audio.',
		anonymous: 'Anónimo',
		languages: 'Idiomas',
	},
	it: {
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
	},
	nl: {
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
	},
	pt,
	'pt-BR': { ...pt, noAudio: 'Seu navegador não consegue reproduzir este áudio.', anonymous: 'Anônimo' },
	pl: {
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
	},
	sv: {
		reviews: 'Ljudrecensioner',
		transcript: 'Transkription',
		review: 'Recension',
		testimony: 'Kundberättelse',
		rated: 'Betyg {rating} av 5',
		average: { one: 'Snittbetyg {average} av 5 från {count} recension', other: 'Snittbetyg {average} av 5 från {count} recensioner' },
		noAudio: 'Din webbläsare kan inte spela upp det här ljudet.',
		anonymous: 'Anonym',
		languages: 'Språk',
	},
	da: {
		reviews: 'Lydanmeldelser',
		transcript: 'Transskription',
		review: 'Anmeldelse',
		testimony: 'Udtalelse',
		rated: 'Bedømt {rating} ud af 5',
		average: { one: 'Gennemsnit {average} ud af 5 fra {count} anmeldelse', other: 'Gennemsnit {average} ud af 5 fra {count} anmeldelser' },
		noAudio: 'Din browser kan ikke afspille denne lyd.',
		anonymous: 'Anonym',
		languages: 'Sprog',
	},
};

/** Built-in words by language tag; a regional tag (`pt-BR`) falls back to its language (`pt`). */
export const BUILT_IN_WORDS: Readonly<Record<string, Words>> = Object.fromEntries(
	Object.entries(REVIEW_WORDS).map(([tag, words]) => [
		tag,
		{
			...wordsOfPart(BUILT_IN_SEO_WORDS, tag),
			...wordsOfPart(BUILT_IN_PRESENTATION_WORDS, tag),
			...wordsOfPart(BUILT_IN_EMPTY_WORDS, tag),
			...words,
		},
	]),
);

/** One part's words (seo, presentation) for `tag`: its own, else its language's, over English for any it lacks. */
function wordsOfPart<T extends SeoWords | PresentationWords | EmptyWords>(part: Readonly<Record<string, T>>, tag: string): T {
	return { ...part.en!, ...(part[tag] ?? part[tag.split('-')[0]!]) };
}
