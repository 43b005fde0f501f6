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

export type UiTextOverrides = Readonly<Record<string, Partial<Words>>>;

/** A phrase in the page's language; `values` fill placeholders, numbers formatted. */
export type UiText = (key: WordKey, values?: object) => string;

const builtIn = lowerCaseKeys(BUILT_IN_WORDS);

function lookupTags(locale: string): string[] {
	const tag = locale.toLowerCase();
	const language = tag.split('-')[0]!;
	return language === tag ? [tag] : [tag, language];
}

function lowerCaseKeys<T>(record: Readonly<Record<string, T>>): Map<string, T> {
	return new Map(Object.entries(record).map(([key, value]) => [key.toLowerCase(), value]));
}

/** `locale`'s words: English under its built-in words, its overrides, then `extra`. */
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

/** The words `locale` would show in English: those no built-in words or overrides give. */
export function missingWords(locale: string, overrides: UiTextOverrides = {}): WordKey[] {
	const tags = lookupTags(locale);
	if (tags.some((tag) => builtIn.has(tag))) return [];
	const own = lowerCaseKeys(overrides);
	const given = new Set(tags.flatMap((tag) => Object.keys(own.get(tag) ?? {})));
	return WORD_KEYS.filter((key) => !given.has(key));
}

export function hasWords(locale: string, overrides: UiTextOverrides = {}): boolean {
	return missingWords(locale, overrides).length === 0;
}

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

// One date formatter per locale, kept for the process: building one is slow.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const languageNames = new Map<string, Intl.DisplayNames>();

export function formatRating(value: number, locale: string | undefined): string {
	return formatNumber(value, locale ?? 'en');
}

/** The name of language `tag` in `locale` ("anglais" in French), else the tag itself. */
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

/** A short locale-aware date to sit beside the author on a phone; undefined when unparseable. */
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

export function paragraphs(text: string | undefined): string[] {
	if (!text) return [];
	return text
		.split(/\r?\n+/)
		.map((line) => line.trim())
		.filter((line) => line !== '');
}
