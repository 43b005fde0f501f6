import { AudioReviewsError } from '../errors/errors.js';
import { withBase } from './url.js';

// The one rule of where a locale's pages live, for every URL the package makes (static and
// on-demand product, review and hub pages, `productUrl`, canonical, hreflang, sitemaps, IndexNow,
// the review feed, the purge webhook, the breadcrumb's home): the default locale unprefixed unless
// Astro's `routing.prefixDefaultLocale` is set, every other locale under `/<segment>`.

/** The part of Astro's `i18n` config the rule reads (`AstroConfig['i18n']`). */
export interface AstroI18n {
	defaultLocale: string;
	locales: ReadonlyArray<string | { path: string; codes: readonly string[] }>;
	routing?: 'manual' | { prefixDefaultLocale?: boolean | undefined } | undefined;
}

/** How locales show in URLs; plain JSON, so it travels in the virtual config module. */
export interface LocaleRouting {
	/** The site's default locale: the `defaultLocale` option, else Astro's `i18n.defaultLocale`; unset, the catalogue's first. */
	defaultLocale?: string | undefined;
	/** Astro's `routing.prefixDefaultLocale`: the default locale's pages get its prefix too. */
	prefixDefaultLocale?: boolean | undefined;
	/**
	 * Astro's URL segment of each locale code `i18n.locales` names (`{ path: 'french', codes:
	 * ['fr'] }` gives `fr` → `french`), lower-cased as Astro's `getRelativeLocaleUrl` writes it.
	 */
	localePaths?: Record<string, string> | undefined;
}

/** A routing, or only the unprefixed locale (a site without `i18n`; none: the catalogue's first). */
export type LocaleRule = string | undefined | LocaleRouting;

/** The routing of a site: from Astro's `i18n` when set; `configuredDefault` (the integration's option) wins over its `defaultLocale`. */
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

/** The same routing with the default locale a catalogue settled on (the configured one it loads, else its first). */
export function withDefaultLocale(
	rule: LocaleRule,
	defaultLocale: string | undefined,
): LocaleRouting {
	const { prefixDefaultLocale, localePaths } = routingOf(rule);
	return { defaultLocale, prefixDefaultLocale, localePaths };
}

/** The routing fields of `rule` (a config object that holds them, or a bare default locale). */
export function routingOf(rule: LocaleRule): LocaleRouting {
	return typeof rule === 'object' ? rule : { defaultLocale: rule === '' ? undefined : rule };
}

/** The URL segment that prefixes `locale`'s pages, or undefined for unprefixed pages. */
export function localeSegment(rule: LocaleRule, locale: string | undefined): string | undefined {
	const routing = routingOf(rule);
	const isDefault = !locale || locale === routing.defaultLocale;
	if (isDefault && !routing.prefixDefaultLocale) return undefined;
	const code = locale || routing.defaultLocale;
	if (!code) return undefined;
	const paths = routing.localePaths;
	return paths && Object.hasOwn(paths, code) ? paths[code] : code;
}

/**
 * `localePrefix`, with the segment held to `safe` first: a URL the package writes into a file name
 * or a link never takes a path trick from a locale.
 */
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

/** `''` or `/<segment>`: what goes before a page's path. */
export function localePrefix(rule: LocaleRule, locale: string | undefined): string {
	const segment = localeSegment(rule, locale);
	return segment === undefined ? '' : `/${segment}`;
}

/** The locale among `locales` whose pages live under the URL segment `segment`, or undefined (then the URL is no page of ours). */
export function localeOfSegment(
	rule: LocaleRule,
	segment: string | undefined,
	locales: readonly string[],
): string | undefined {
	if (segment === undefined)
		return locales.find((locale) => localeSegment(rule, locale) === undefined);
	return locales.find((locale) => localeSegment(rule, locale) === segment);
}

/**
 * The site-relative path of a locale's home page, as Astro's `getRelativeLocaleUrl(locale)` gives
 * it (before `base`).
 */
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

/**
 * A locale's home with `base`, where `getRelativeLocaleUrl(locale)` puts it: under a base, the
 * unprefixed home ends in `/` only when page URLs do.
 */
export function localeHomeUrl(
	rule: LocaleRule,
	locale: string | undefined,
	trailingSlash: boolean,
	base: string,
): string {
	const path = localeHomePath(rule, locale, trailingSlash);
	return path === '/' && !trailingSlash ? withBase(base, '') || '/' : withBase(base, path);
}

/**
 * The build's warnings about locales: a locale the loader loads that `i18n.locales` does not name
 * (Astro's own pages and helpers do not know it), and a locale of `i18n.locales` the loader does not
 * load (the site's pages there get no product pages).
 */
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
