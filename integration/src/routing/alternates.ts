import { withBase } from './url.js';

/**
 * Which locale versions of a page name each other. Search engines keep an hreflang pair only when
 * both pages are indexable and each names the other, so the head links join indexable pages
 * only; a visitor's language switcher may still go to a `noindex` page, so it lists them all.
 * Static, hub and on-demand pages all ask here, in the loader's locale order, as the on-demand
 * sitemaps do.
 */
export interface PageVersion {
	locale: string;
	/** Site-relative path: this page in that locale, or its first page where it has fewer pages. */
	path: string;
	/** False when `path` is the first page because that locale has no page of this number. */
	samePage?: boolean | undefined;
	/** False for a `noindex` page; default true. */
	indexable?: boolean | undefined;
}

/** A locale version with an absolute (or root-relative) address. */
export interface VersionLink {
	locale: string;
	href: string;
}

/** What the layout's `alternates` prop holds: the page in each locale it exists in. */
export interface LayoutAlternate {
	locale: string;
	/** Root-relative, `base` and `trailingSlash` applied. */
	href: string;
	/** True for the page being rendered. */
	current: boolean;
}

/** The head's hreflang links of one page, and the one `x-default` names (one of them, or none). */
export interface Hreflang<T> {
	links: T[];
	xDefault: T | undefined;
}

/**
 * hreflang of the page in `current`: none on a `noindex` page or a page with no indexable
 * sibling; else every indexable version of the same page number, this one included, and
 * `x-default` at the default locale's when that is one of them.
 */
export function hreflangOf<T extends { locale: string }>(
	versions: readonly (PageVersion & T)[],
	current: { locale: string | undefined; indexable: boolean },
	defaultLocale: string | undefined,
): Hreflang<T> {
	const links = current.indexable
		? versions.filter((v) => v.samePage !== false && v.indexable !== false)
		: [];
	if (links.length < 2 || !links.some((v) => v.locale === current.locale))
		return { links: [], xDefault: undefined };
	return { links, xDefault: links.find((v) => v.locale === defaultLocale) };
}

/** hreflang as a page's head prints it: each link's absolute `href` (`urlOf`), and x-default's locale. */
export function headHreflang(
	versions: readonly PageVersion[],
	current: { locale: string | undefined; indexable: boolean },
	defaultLocale: string | undefined,
	urlOf: (path: string) => string,
): { alternates: VersionLink[]; defaultLocale: string | undefined } {
	const { links, xDefault } = hreflangOf<PageVersion>(versions, current, defaultLocale);
	return {
		alternates: links.map((version) => ({ locale: version.locale, href: urlOf(version.path) })),
		defaultLocale: xDefault?.locale,
	};
}

/** The layout's `alternates`: every version, root-relative with `base`, the current one marked. */
export function layoutAlternates(
	versions: readonly PageVersion[],
	current: string | undefined,
	base: string,
): LayoutAlternate[] {
	return versions.map((v) => ({
		locale: v.locale,
		href: withBase(base, v.path),
		current: v.locale === current,
	}));
}

/** `versions` in `order` (the loader's locales); a locale `order` does not name keeps its place after them. */
export function inLocaleOrder<T extends { locale: string }>(
	versions: readonly T[],
	order: readonly string[],
): T[] {
	const rank = (locale: string) => {
		const at = order.indexOf(locale);
		return at === -1 ? order.length : at;
	};
	return [...versions].sort((a, b) => rank(a.locale) - rank(b.locale));
}
