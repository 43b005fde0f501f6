import type { Phrase } from './phrase.js';

/**
 * The words of the reviews' presentation: the rating summary, the transcript toggle and the hub
 * entries. `words.ts` joins them to the others: users override them alike (`uiText`).
 */

const en = {
	/** Count of rated reviews in the summary and on hub entries. */
	reviewCount: { one: '{count} review', other: '{count} reviews' } as Phrase,
	/** Count of testimonies, shown apart from the rated reviews. */
	testimonyCount: { one: '{count} audio testimonial', other: '{count} audio testimonials' } as Phrase,
	/** A star level of the summary's distribution (`{count}` is the level, 5 to 1). */
	starLevel: { one: '{count} star', other: '{count} stars' } as Phrase,
	/** `aria-label` of the distribution of ratings per star level. */
	ratingsByStars: 'Ratings by stars',
	/** Button that opens a long transcript. */
	showTranscript: 'Show full transcript',
	/** The same button once the transcript is open. */
	hideTranscript: 'Show less',
	/**
	 * Number of audio items of a product on a hub entry: rated reviews, testimonies and unrated ones
	 * together, so not the word of `reviewCount`, the rated reviews beside the average.
	 */
	audioCount: { one: '{count} audio recording', other: '{count} audio recordings' } as Phrase,
};

export type PresentationWordKey = keyof typeof en;
export type PresentationWords = Record<PresentationWordKey, Phrase>;

export const PRESENTATION_PLACEHOLDERS: Readonly<Record<PresentationWordKey, readonly string[]>> = {
	reviewCount: ['count'],
	testimonyCount: ['count'],
	starLevel: ['count'],
	ratingsByStars: [],
	showTranscript: [],
	hideTranscript: [],
	audioCount: ['count'],
};

const pt: PresentationWords = {
	reviewCount: { one: '{count} avaliação', other: '{count} avaliações' },
	testimonyCount: { one: '{count} depoimento em áudio', other: '{count} depoimentos em áudio' },
	starLevel: { one: '{count} estrela', other: '{count} estrelas' },
	ratingsByStars: 'Avaliações por estrelas',
	showTranscript: 'Mostrar a transcrição completa',
	hideTranscript: 'Mostrar menos',
	audioCount: { one: '{count} gravação em áudio', other: '{count} gravações em áudio' },
};

/** By language tag, every language of `words.ts`; a regional tag falls back to its language. */
export const BUILT_IN_PRESENTATION_WORDS: Readonly<Record<string, PresentationWords>> = {
	en,
	fr: {
		// "avis" is the same in the singular and the plural.
		reviewCount: '{count} avis',
		testimonyCount: { one: '{count} témoignage audio', other: '{count} témoignages audio' },
		starLevel: { one: '{count} étoile', other: '{count} étoiles' },
		ratingsByStars: 'Répartition des notes',
		showTranscript: 'Afficher toute la transcription',
		hideTranscript: 'Réduire',
		audioCount: { one: '{count} enregistrement audio', other: '{count} enregistrements audio' },
	},
	de: {
		reviewCount: { one: '{count} Bewertung', other: '{count} Bewertungen' },
		testimonyCount: { one: '{count} Audio-Erfahrungsbericht', other: '{count} Audio-Erfahrungsberichte' },
		starLevel: { one: '{count} Stern', other: '{count} Sterne' },
		ratingsByStars: 'Bewertungen nach Sternen',
		showTranscript: 'Ganzes Transkript anzeigen',
		hideTranscript: 'Weniger anzeigen',
		audioCount: { one: '{count} Audioaufnahme', other: '{count} Audioaufnahmen' },
	},
	es: {
		reviewCount: { one: '{count} opinión', other: '{count} opiniones' },
		testimonyCount: { one: '{count} testimonio en audio', other: '{count} testimonios en audio' },
		starLevel: { one: '{count} estrella', other: '{count} estrellas' },
		ratingsByStars: 'Valoraciones por estrellas',
		showTranscript: 'Mostrar la transcripción completa',
		hideTranscript: 'Mostrar menos',
		audioCount: { one: '{count} grabación de audio', other: '{count} grabaciones de audio' },
	},
	it: {
		reviewCount: { one: '{count} recensione', other: '{count} recensioni' },
		testimonyCount: { one: '{count} testimonianza audio', other: '{count} testimonianze audio' },
		starLevel: { one: '{count} stella', other: '{count} stelle' },
		ratingsByStars: 'Valutazioni per stelle',
		showTranscript: 'Mostra la trascrizione completa',
		hideTranscript: 'Mostra meno',
		audioCount: { one: '{count} registrazione audio', other: '{count} registrazioni audio' },
	},
	nl: {
		reviewCount: { one: '{count} beoordeling', other: '{count} beoordelingen' },
		testimonyCount: { one: '{count} audio-ervaring', other: '{count} audio-ervaringen' },
		starLevel: { one: '{count} ster', other: '{count} sterren' },
		ratingsByStars: 'Beoordelingen per aantal sterren',
		showTranscript: 'Volledige transcriptie tonen',
		hideTranscript: 'Minder tonen',
		audioCount: { one: '{count} audio-opname', other: '{count} audio-opnamen' },
	},
	pt,
	'pt-BR': pt,
	pl: {
		reviewCount: { one: '{count} recenzja', few: '{count} recenzje', many: '{count} recenzji', other: '{count} recenzji' },
		testimonyCount: {
			one: '{count} opinia audio',
			few: '{count} opinie audio',
			many: '{count} opinii audio',
			other: '{count} opinii audio',
		},
		starLevel: { one: '{count} gwiazdka', few: '{count} gwiazdki', many: '{count} gwiazdek', other: '{count} gwiazdki' },
		ratingsByStars: 'Oceny według liczby gwiazdek',
		showTranscript: 'Pokaż całą transkrypcję',
		hideTranscript: 'Pokaż mniej',
		audioCount: { one: '{count} nagranie', few: '{count} nagrania', many: '{count} nagrań', other: '{count} nagrania' },
	},
	sv: {
		reviewCount: { one: '{count} recension', other: '{count} recensioner' },
		testimonyCount: { one: '{count} kundberättelse i ljud', other: '{count} kundberättelser i ljud' },
		starLevel: { one: '{count} stjärna', other: '{count} stjärnor' },
		ratingsByStars: 'Betyg per antal stjärnor',
		showTranscript: 'Visa hela transkriptionen',
		hideTranscript: 'Visa mindre',
		audioCount: { one: '{count} ljudinspelning', other: '{count} ljudinspelningar' },
	},
	da: {
		reviewCount: { one: '{count} anmeldelse', other: '{count} anmeldelser' },
		testimonyCount: { one: '{count} lydudtalelse', other: '{count} lydudtalelser' },
		starLevel: { one: '{count} stjerne', other: '{count} stjerner' },
		ratingsByStars: 'Bedømmelser fordelt på stjerner',
		showTranscript: 'Vis hele transskriptionen',
		hideTranscript: 'Vis mindre',
		audioCount: { one: '{count} lydoptagelse', other: '{count} lydoptagelser' },
	},
};
