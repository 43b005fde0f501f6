/**
 * The few words the default components print, in the languages shops use most; any other
 * locale falls back to English. Override by passing your own labels to the components.
 */
export interface UiText {
	reviews: string;
	transcript: string;
	review: string;
	testimony: string;
	rated: (value: string) => string;
	average: (value: string, count: number) => string;
	noAudio: string;
	anonymous: string;
}

const en: UiText = {
	reviews: 'Audio reviews',
	transcript: 'Transcript',
	review: 'Review',
	testimony: 'Testimony',
	rated: (value) => `Rated ${value} out of 5`,
	average: (value, count) => `Average rating ${value} out of 5 from ${count} rating${count === 1 ? '' : 's'}`,
	noAudio: 'Your browser cannot play this audio.',
	anonymous: 'Anonymous',
};

const texts: Record<string, UiText> = {
	en,
	fr: {
		reviews: 'Avis audio',
		transcript: 'Transcription',
		review: 'Avis',
		testimony: 'Témoignage',
		rated: (value) => `Noté ${value} sur 5`,
		average: (value, count) => `Note moyenne ${value} sur 5 sur ${count} note${count === 1 ? '' : 's'}`,
		noAudio: 'Votre navigateur ne peut pas lire cet audio.',
		anonymous: 'Anonyme',
	},
	de: {
		reviews: 'Audio-Bewertungen',
		transcript: 'Transkript',
		review: 'Bewertung',
		testimony: 'Erfahrungsbericht',
		rated: (value) => `Bewertet mit ${value} von 5`,
		average: (value, count) => `Durchschnitt ${value} von 5 aus ${count} Bewertung${count === 1 ? '' : 'en'}`,
		noAudio: 'Ihr Browser kann dieses Audio nicht abspielen.',
		anonymous: 'Anonym',
	},
	es: {
		reviews: 'Opiniones en audio',
		transcript: 'Transcripción',
		review: 'Opinión',
		testimony: 'Testimonio',
		rated: (value) => `Valorado con ${value} de 5`,
		average: (value, count) => `Valoración media ${value} de 5 con ${count} valoración${count === 1 ? '' : 'es'}`,
		noAudio: 'Tu navegador no puede reproducir este audio.',
		anonymous: 'Anónimo',
	},
};

export function uiText(locale: string | undefined): UiText {
	if (!locale) return en;
	return texts[locale] ?? texts[locale.split('-')[0]!.toLowerCase()] ?? en;
}

// Building an Intl formatter costs far more than formatting with one (it was ~15% of a 10k-page
// build's CPU): one per locale, kept for the process.
const ratingFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The formatter of `locale`, or of English when Intl does not know the locale. */
function formatterFor<T>(cache: Map<string, T>, locale: string, create: (locale: string) => T): T {
	let format = cache.get(locale);
	if (format === undefined) {
		try {
			format = create(locale);
		} catch {
			format = create('en');
		}
		cache.set(locale, format);
	}
	return format;
}

/** `4.5` → `4.5`, `4` → `4`, in the page's locale (`4,5` in French). */
export function formatRating(value: number, locale: string | undefined): string {
	return formatterFor(ratingFormats, locale ?? 'en', (l) => new Intl.NumberFormat(l, { maximumFractionDigits: 2 })).format(value);
}

/** A long, locale-aware date, or undefined for an unparseable timestamp. */
export function formatDate(iso: string | undefined, locale: string | undefined): string | undefined {
	if (!iso) return undefined;
	const date = new Date(iso);
	if (Number.isNaN(date.getTime())) return undefined;
	return formatterFor(dateFormats, locale ?? 'en', (l) => new Intl.DateTimeFormat(l, { dateStyle: 'long', timeZone: 'UTC' })).format(date);
}

/** Transcript text as paragraphs: blank lines or line breaks separate them. */
export function paragraphs(text: string | undefined): string[] {
	if (!text) return [];
	return text
		.split(/\r?\n+/)
		.map((line) => line.trim())
		.filter((line) => line !== '');
}
