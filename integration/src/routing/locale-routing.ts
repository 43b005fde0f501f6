import { AudioReviewsError } from '../errors/errors.js';
import { withBase } from './url.js';

// The one rule for every URL the package makes: the default locale unprefixed unless Astro's
// `routing.prefixDefaultLocale` is set, every other locale under `/<segment>`.

/** The part of Astro's `i18n` config the rule reads (`AstroConfig['i18n']`). */
export interface AstroI18n {
	defaultLocale: string;
	locales: ReadonlyArray<string | { path: string; codes: readonly string[] }>;
	routing?: 'manual' | { prefixDefaultLocale?: boolean | undefined } | undefined;
}

/** How locales show in URLs; plain JSON, so it travels in the virtual config module. */
export interface LocaleRouting {
	/** The `defaultLocale` option, else `i18n.defaultLocale`; unset, the catalogue's first. */
	defaultLocale?: string | undefined;
	prefixDefaultLocale?: boolean | undefined;
	/** Astro's lower-cased URL segment of each locale code (`{ path: 'french', codes: ['fr'] }`). */
	localePaths?: Record<string, string> | undefined;
}

/** A routing, or only the unprefixed locale (a site without `i18n`; none: the catalogue's first). */
export type LocaleRule = string | undefined | LocaleRouting;

/** A site's routing from Astro's `i18n`; `configuredDefault` wins over its `defaultLocale`. */
export function localeRoutingOf(
	i18n: AstroI18n | undefined,
	configuredDefault?: string,
): LocaleRouting {
	if (!i18n) return { defaultLocale: configuredDefault, prefixDefaultLocale: false };
	const localePaths: Record<string, string> = {};
	for (const entry of i18n.locales) {
		if (typeof entry === 'string') localePaths[entry] = astroSegment(entry);
		else for (const code of entry.codes) localePaths[code] = astroSegment(entry.path);
	}
	// `routing: 'manual'` leaves URLs to the site; Astro's own URL helpers then prefix all but the default.
	const prefixDefaultLocale =
		typeof i18n.routing === 'object' && i18n.routing.prefixDefaultLocale === true;
	return {
		defaultLocale: configuredDefault ?? defaultCode(i18n),
		prefixDefaultLocale,
		localePaths,
	};
}

/** The same routing with the default locale a catalogue settled on. */
export function withDefaultLocale(
	rule: LocaleRule,
	defaultLocale: string | undefined,
): LocaleRouting {
	const { prefixDefaultLocale, localePaths } = routingOf(rule);
	return { defaultLocale, prefixDefaultLocale, localePaths };
}

export function routingOf(rule: LocaleRule): LocaleRouting {
	return typeof rule === 'object' ? rule : { defaultLocale: rule === '' ? undefined : rule };
}

export function localeSegment(rule: LocaleRule, locale: string | undefined): string | undefined {
	const routing = routingOf(rule);
	const isDefault = !locale || locale === routing.defaultLocale;
	if (isDefault && !routing.prefixDefaultLocale) return undefined;
	const code = locale || routing.defaultLocale;
	if (!code) return undefined;
	const paths = routing.localePaths;
	return paths && Object.hasOwn(paths, code) ? paths[code] : code;
}

/** `localePrefix`, the segment held to `safe` first: a locale never brings a path trick. */
export function checkedLocalePrefix(
	rule: LocaleRule,
	locale: string | undefined,
	safe: RegExp,
): string {
	const segment = localeSegment(rule, locale);
	if (segment !== undefined && !safe.test(segment))
		throw new AudioReviewsError(
			`astro-audio-reviews: ${JSON.stringify(segment)} is not a locale path segment: use letters, digits, "-" or "_" in the locale (or its path in Astro's i18n.locales)`,
		);
	return segment === undefined ? '' : `/${segment}`;
}

export function localePrefix(rule: LocaleRule, locale: string | undefined): string {
	const segment = localeSegment(rule, locale);
	return segment === undefined ? '' : `/${segment}`;
}

/** The locale whose pages live under `segment`; undefined: the URL is no page of ours. */
export function localeOfSegment(
	rule: LocaleRule,
	segment: string | undefined,
	locales: readonly string[],
): string | undefined {
	if (segment === undefined)
		return locales.find((locale) => localeSegment(rule, locale) === undefined);
	return locales.find((locale) => localeSegment(rule, locale) === segment);
}

/** A locale home's site-relative path, as Astro's `getRelativeLocaleUrl(locale)` gives it. */
export function localeHomePath(
	rule: LocaleRule,
	locale: string | undefined,
	trailingSlash: boolean,
): string {
	const routing = routingOf(rule);
	const paths = routing.localePaths;
	const code = locale || routing.defaultLocale;
	if (!paths || !code || !Object.hasOwn(paths, code)) return '/';
	const prefix = localePrefix(routing, code);
	return prefix === '' ? '/' : `${prefix}${trailingSlash ? '/' : ''}`;
}

/** A locale's home with `base`: there, the unprefixed home ends in `/` only when pages do. */
export function localeHomeUrl(
	rule: LocaleRule,
	locale: string | undefined,
	trailingSlash: boolean,
	base: string,
): string {
	const path = localeHomePath(rule, locale, trailingSlash);
	return path === '/' && !trailingSlash ? withBase(base, '') || '/' : withBase(base, path);
}

/** Locales the loader loads that `i18n.locales` does not name, and the reverse. */
export function localeMismatchWarnings(
	routing: LocaleRouting,
	loaded: readonly string[],
	where = { loader: 'productsLoader', file: 'src/content.config.ts' },
): string[] {
	const paths = routing.localePaths;
	if (!paths || loaded.length === 0) return [];
	const known = Object.keys(paths);
	const unknown = loaded.filter((locale) => !known.includes(locale));
	const bySegment = new Map<string, string[]>();
	for (const [code, segment] of Object.entries(paths))
		bySegment.set(segment, [...(bySegment.get(segment) ?? []), code]);
	const unloaded = [...bySegment.values()].filter(
		(codes) => !codes.some((code) => loaded.includes(code)),
	);
	const quoted = (list: readonly string[]) =>
		list.map((locale) => JSON.stringify(locale)).join(', ');
	return [
		...unknown.map(
			(locale) =>
				`The loader loads locale ${JSON.stringify(locale)}, which Astro's i18n.locales (${quoted(known)}) does not name: its product pages sit under /${locale}/ where the site has no pages of its own, and their breadcrumb leads to "/". ` +
				`Add ${JSON.stringify(locale)} to i18n.locales in astro.config, or remove it from the loader's locales`,
		),
		...unloaded.map(
			(codes) =>
				`Astro's i18n.locales names ${quoted(codes)}, which the loader does not load: that locale's pages get no product pages or hub. ` +
				`Add ${JSON.stringify(codes[0])} to ${where.loader}({ locales }) in ${where.file}, or remove it from i18n.locales`,
		),
	];
}

/** Astro writes locales in URLs lower-cased, `_` as `-` (`normalizeTheLocale`). */
function astroSegment(locale: string): string {
	return locale.replaceAll('_', '-').toLowerCase();
}

/** `i18n.defaultLocale` is a code or the `path` of an entry with `codes`: then its first code. */
function defaultCode(i18n: AstroI18n): string {
	for (const entry of i18n.locales) {
		if (
			typeof entry !== 'string' &&
			entry.path === i18n.defaultLocale &&
			entry.codes[0] !== undefined
		)
			return entry.codes[0];
	}
	return i18n.defaultLocale;
}
