import { describe, expect, it } from 'vitest';
import audioReviews from '../../integration/src/entries/integration.js';
import { layoutFile } from '../../integration/src/pages/layout-file.js';
import { missingWordsWarnings } from '../../integration/src/pages/page-option-warnings.js';
import {
	BUILT_IN_WORDS,
	hasWords,
	languageName,
	missingWords,
	uiText,
	wordsFor,
} from '../../integration/src/words/ui-text.js';
import { WORD_KEYS } from '../../integration/src/words/words.js';

const REQUIRED = ['fr', 'en', 'de', 'es', 'it', 'nl', 'pt', 'pl', 'sv', 'da'];

describe('built-in words', () => {
	it('has every word in every required language, none left in English by mistake', () => {
		for (const locale of REQUIRED) {
			const words = BUILT_IN_WORDS[locale]!;
			expect(Object.keys(words).sort(), locale).toEqual([...WORD_KEYS].sort());
			if (locale === 'en') continue;
			// `anonymous`/`transcript` may coincide across languages; the heading and the rating never do.
			expect(words.reviews, locale).not.toBe(BUILT_IN_WORDS.en!.reviews);
			expect(words.rated, locale).not.toBe(BUILT_IN_WORDS.en!.rated);
			// A further review page's title names the page in the page's language.
			expect(words.reviewPage, locale).not.toBe(BUILT_IN_WORDS.en!.reviewPage);
			expect(uiText(locale)('reviewPage', { name: 'Chair', page: 12 }), locale).toMatch(
				/^Chair .*12$/,
			);
		}
	});

	it('say that a product has no reviews in every language, naming languages in the page’s own words', () => {
		for (const locale of REQUIRED.filter((tag) => tag !== 'en')) {
			for (const key of ['noReviews', 'noReviewsInLanguage', 'reviewsElsewhere'] as const)
				expect(BUILT_IN_WORDS[locale]![key], `${locale}: ${key}`).not.toEqual(
					BUILT_IN_WORDS.en![key],
				);
		}
		expect(uiText('fr')('noReviewsInLanguage', { language: languageName('fr', 'fr') })).toBe(
			'Aucun avis audio sur ce produit en français pour le moment.',
		);
		expect(uiText('de')('reviewsElsewhere', { count: 3, language: languageName('fr', 'de') })).toBe(
			'Hören Sie die 3 Audiobewertungen auf Französisch.',
		);
		expect(uiText('en')('reviewsElsewhere', { count: 1, language: languageName('fr', 'en') })).toBe(
			'Listen to its audio review in French.',
		);
		expect(uiText('pt-BR')('noReviews')).toBe('Este produto ainda não tem avaliações em áudio.');
		expect(languageName('not a tag', 'en')).toBe('not a tag');
	});

	it('formats numbers and plurals through Intl (the French average reads naturally)', () => {
		expect(uiText('fr')('average', { average: 2.6, count: 5 })).toBe(
			'Note moyenne de 2,6 sur 5 (5 avis)',
		);
		expect(uiText('en')('average', { average: 4.5, count: 1 })).toBe(
			'Average rating 4.5 out of 5 from 1 review',
		);
		expect(uiText('en')('average', { average: 4, count: 1_200 })).toBe(
			'Average rating 4 out of 5 from 1,200 reviews',
		);
		expect(uiText('de')('average', { average: 4.25, count: 2 })).toBe(
			'Durchschnittlich 4,25 von 5 Sternen bei 2 Bewertungen',
		);
		const pl = uiText('pl');
		expect(pl('average', { average: 4, count: 1 })).toBe('Średnia ocena 4 na 5 (1 recenzja)');
		expect(pl('average', { average: 4, count: 3 })).toBe('Średnia ocena 4 na 5 (3 recenzje)');
		expect(pl('average', { average: 4, count: 5 })).toBe('Średnia ocena 4 na 5 (5 recenzji)');
		expect(uiText('nl')('rated', { rating: 3.5 })).toBe('3,5 van de 5 sterren');
	});

	it('falls back from a regional tag to its language, and from an unknown language to English', () => {
		expect(uiText('de-AT')('reviews')).toBe('Audiobewertungen');
		expect(uiText('pt-BR')('anonymous')).toBe('Anônimo');
		expect(uiText('pt-PT')('anonymous')).toBe('Anónimo');
		expect(uiText('is')('reviews')).toBe('Audio reviews');
		expect(hasWords('de-AT')).toBe(true);
		expect(hasWords('is')).toBe(false);
	});
});

describe('uiText overrides', () => {
	const overrides = {
		nl: { reviews: 'Audiorecensies van klanten' },
		'nl-BE': { anonymous: 'Naamloos' },
		is: { reviews: 'Hljóðumsagnir' },
	};

	it('layers built-in words, language overrides, regional overrides and a component’s own text', () => {
		expect(wordsFor('nl-BE', overrides)).toMatchObject({
			reviews: 'Audiorecensies van klanten',
			anonymous: 'Naamloos',
			transcript: 'Transcriptie',
		});
		expect(uiText('nl', overrides, { transcript: 'Uitgeschreven' })('transcript')).toBe(
			'Uitgeschreven',
		);
		expect(missingWords('is', overrides)).toEqual(WORD_KEYS.filter((key) => key !== 'reviews'));
		expect(hasWords('is', overrides)).toBe(false);
		expect(hasWords('is', { is: Object.fromEntries(WORD_KEYS.map((key) => [key, key])) })).toBe(
			true,
		);
	});

	it('cover the hub, breadcrumb and generated-description words too, placeholders filled', () => {
		const words = {
			nl: {
				hub: 'Luister naar onze klanten',
				hubPage: '{hub} (blad {page})',
				describeEmpty: 'Alles over {name}.',
			},
		};
		const text = uiText('nl', words);
		expect(text('hubPage', { hub: text('hub'), page: 2 })).toBe(
			'Luister naar onze klanten (blad 2)',
		);
		expect(text('describeEmpty', { name: 'Stoel' })).toBe('Alles over Stoel.');
		expect(text('home')).toBe(BUILT_IN_WORDS.nl!.home);
		expect(uiText('nl')('hub')).toBe(BUILT_IN_WORDS.nl!.hub);
	});

	it('are validated at config time with the fix in the message', () => {
		const message = (options: unknown) => {
			try {
				audioReviews(options as never);
			} catch (error) {
				return (error as Error).message;
			}
			throw new Error('expected audioReviews() to throw');
		};
		expect(message({ uiText: { nl: { revews: 'x' } } })).toContain(
			`\`uiText.nl\`: unknown word "revews"; the words are ${WORD_KEYS.join(', ')}`,
		);
		expect(message({ uiText: { nl: { rated: '{stars} van 5' } } })).toContain(
			'`uiText.nl.rated`: unknown placeholder {stars} (this phrase takes: {rating})',
		);
		expect(message({ uiText: { nl: { average: { one: '{count} beoordeling' } } } })).toContain(
			'`uiText.nl.average`: expected a string, or plural forms such as',
		);
		expect(message({ uiText: { nl: { hubPage: '{hub} – {pagina}' } } })).toContain(
			'`uiText.nl.hubPage`: unknown placeholder {pagina} (this phrase takes: {hub}, {page})',
		);
		expect(message({ uiText: { 'nl/x': {} } })).toContain('`uiText`: "nl/x" is not a locale tag');
		expect(message({ layout: 'src/layouts/Shop' })).toContain(
			'layout: Expected `layout` to be a path from the project root ending in .astro',
		);
	});

	it('name a layout file that does not exist, with where it was looked for', () => {
		expect(() => layoutFile('/src/layouts/Nope.astro', new URL('file:///srv/shop/'))).toThrow(
			'Invalid audioReviews options:\n- layout: /src/layouts/Nope.astro does not exist (looked for /srv/shop/src/layouts/Nope.astro)',
		);
	});
});

describe('the missing-words warnings', () => {
	it('name every locale without words and say how to add them', () => {
		expect(missingWordsWarnings(['fr', 'de-CH'])).toEqual([]);
		expect(missingWordsWarnings(['fr', 'is', 'fi'])).toEqual([
			'No words for locales "is", "fi": their pages show English words ("Audio reviews"). ' +
				`Add them with audioReviews({ uiText: { "is": { reviews: '…', rated: '… {rating} …', … } } }) (words: ${WORD_KEYS.join(', ')}). ` +
				'Built-in words exist for en, fr, de, es, it, nl, pt, pt-BR, pl, sv, da',
		]);
	});

	it('name the words a partial uiText leaves in English, and fall silent once it has them all', () => {
		const all = Object.fromEntries(WORD_KEYS.map((key) => [key, `${key} (is)`]));
		const { hub: _hub, home: _home, ...withoutHub } = all;
		expect(missingWordsWarnings(['is'], { is: withoutHub })).toEqual([
			`Locale "is" lacks words in uiText: its pages show home, hub in English. Add them with audioReviews({ uiText: { "is": { home: '…', … } } })`,
		]);
		expect(missingWordsWarnings(['is'], { is: all })).toEqual([]);
	});
});
