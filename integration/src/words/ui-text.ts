import { formatNumber, formatterFor, pluralCategory } from '../format/numbers.js';
import { da } from './da.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';
import { nl } from './nl.js';
import { pl } from './pl.js';
import { pt, ptBR } from './pt.js';
import { sv } from './sv.js';
import { type Phrase, WORD_KEYS, type WordKey, type Words } from './words.js';

/** Built-in words by language tag; a regional tag (`pt-BR`) falls back to its language (`pt`). */
export const BUILT_IN_WORDS: Readonly<Record<string, Words>> = {
	en,
	fr,
	de,
	es,
	it,
	nl,
	pt,
	'pt-BR': ptBR,
	pl,
	sv,
	da,
};

/** Per-locale word overrides, as the integration's `uiText` option takes them. */
export type UiTextOverrides = Readonly<Record<string, Partial<Words>>>;

/**
 * A phrase of the page's language, numbers and plurals formatted for it. `values` holds the
 * phrase's placeholders: numbers (any object: a `ratingSummary()` result fills `average`) or
 * text (`{name}`), inserted as given.
 */
export type UiText = (key: WordKey, values?: object) => string;

const builtIn = lowerCaseKeys(BUILT_IN_WORDS);

/** `pt-BR` → `['pt-br', 'pt']`: the exact tag first, then its language. */
function lookupTags(locale: string): string[] {
	const tag = locale.toLowerCase();
	const language = tag.split('-')[0]!;
	return language === tag ? [tag] : [tag, language];
}

function lowerCaseKeys<T>(record: Readonly<Record<string, T>>): Map<string, T> {
	return new Map(Object.entries(record).map(([key, value]) => [key.toLowerCase(), value]));
}

/**
 * The words of `locale`: English, under the built-in words of its language, of its exact tag,
 * then the overrides of its language and of its exact tag, then `extra` (a component's `text`).
 */
export function wordsFor(
	locale: string | undefined,
	overrides: UiTextOverrides = {},
	extra: Partial<Words> = {},
): Words {
	const layers: Array<Partial<Words> | undefined> = [BUILT_IN_WORDS.en];
	if (locale) {
		const tags = lookupTags(locale).reverse();
		const own = lowerCaseKeys(overrides);
		layers.push(...tags.map((tag) => builtIn.get(tag)), ...tags.map((tag) => own.get(tag)));
	}
	return Object.assign({}, ...layers, extra) as Words;
}

/**
 * The words `locale` would show in English: none for a language with built-in words, else
 * every word its overrides (language or exact tag) leave out.
 */
export function missingWords(locale: string, overrides: UiTextOverrides = {}): WordKey[] {
	const tags = lookupTags(locale);
	if (tags.some((tag) => builtIn.has(tag))) return [];
	const own = lowerCaseKeys(overrides);
	const given = new Set(tags.flatMap((tag) => Object.keys(own.get(tag) ?? {})));
	return WORD_KEYS.filter((key) => !given.has(key));
}

/** Whether `locale` has all its words (built in or overridden), rather than English ones. */
export function hasWords(locale: string, overrides: UiTextOverrides = {}): boolean {
	return missingWords(locale, overrides).length === 0;
}

/** The phrase function of a page: `text('average', { average: 4.5, count: 3 })`. */
export function uiText(
	locale: string | undefined,
	overrides?: UiTextOverrides,
	extra?: Partial<Words>,
): UiText {
	const words = wordsFor(locale, overrides, extra);
	const tag = locale ?? 'en';
	return (key, values = {}) => {
		const numbers = values as Readonly<Record<string, unknown>>;
		return fill(
			pick(words[key], tag, typeof numbers.count === 'number' ? numbers.count : undefined),
			tag,
			numbers,
		);
	};
}

function pick(phrase: Phrase, locale: string, count: number | undefined): string {
	if (typeof phrase === 'string') return phrase;
	if (count === undefined) return phrase.other;
	return phrase[pluralCategory(count, locale)] ?? phrase.other;
}

function fill(template: string, locale: string, values: Readonly<Record<string, unknown>>): string {
	return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
		const value = values[name];
		if (typeof value === 'number') return formatRating(value, locale);
		return typeof value === 'string' ? value : whole;
	});
}

// One date formatter per locale, kept for the process (format/numbers.ts says why).
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const languageNames = new Map<string, Intl.DisplayNames>();

/** `4.5` → `4.5`, `4` → `4`, in the page's locale (`4,5` in French). */
export function formatRating(value: number, locale: string | undefined): string {
	return formatNumber(value, locale ?? 'en');
}

/** The name of the language `tag` in `locale` ("French" in English, "anglais" in French), else the tag itself. */
export function languageName(tag: string, locale: string | undefined): string {
	try {
		return (
			formatterFor(
				languageNames,
				locale ?? 'en',
				(l) => new Intl.DisplayNames(l, { type: 'language' }),
			).of(tag) ?? tag
		);
	} catch {
		return tag;
	}
}

/** A locale-aware date, short enough to sit beside the author on a phone ("Nov 9, 2024", "9 nov. 2024"), or undefined for an unparseable timestamp. */
export function formatDate(
	iso: string | undefined,
	locale: string | undefined,
): string | undefined {
	if (!iso) return undefined;
	const date = new Date(iso);
	if (Number.isNaN(date.getTime())) return undefined;
	return formatterFor(
		dateFormats,
		locale ?? 'en',
		(l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeZone: 'UTC' }),
	).format(date);
}

/** Transcript text as paragraphs: blank lines or line breaks separate them. */
export function paragraphs(text: string | undefined): string[] {
	if (!text) return [];
	return text
		.split(/\r?\n+/)
		.map((line) => line.trim())
		.filter((line) => line !== '');
}
