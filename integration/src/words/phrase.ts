/**
 * A phrase the pages print: a string with `{name}` placeholders or, when it holds `{count}`, one
 * string per plural category of `Intl.PluralRules` (`other` required). Its own file so that both
 * word lists (`words.ts`, `seo-words.ts`) read it without importing each other.
 */
export type PluralForms = { other: string } & Partial<Record<Exclude<Intl.LDMLPluralRule, 'other'>, string>>;
export type Phrase = string | PluralForms;
