import { parse } from 'node-html-parser';

/** The simulator's catalogue of the locale matrix: three locales, short transcripts, no long tail. */
export const LANGUAGE_CATALOGUE = {
	locales: ['fr', 'en', 'de'],
	seed: 51,
	reviewsPerProduct: 8,
	longTail: false as const,
	transcriptLength: [20, 60] as [number, number],
};

/**
 * What says which language a page is in: `<html lang>`, `og:locale`, every JSON-LD `inLanguage`,
 * and one of the package's own words (the breadcrumb's `aria-label`). Expected values are written
 * out here, not computed by the package's own functions.
 */
export interface PageLanguage {
	lang: string | undefined;
	ogLocale: string | undefined;
	inLanguage: string[];
	breadcrumb: string | undefined;
}

const EXPECTED: Record<string, Omit<PageLanguage, 'inLanguage'>> = {
	fr: { lang: 'fr', ogLocale: 'fr_FR', breadcrumb: 'Fil d’Ariane' },
	en: { lang: 'en', ogLocale: 'en_US', breadcrumb: 'Breadcrumb' },
	de: { lang: 'de', ogLocale: 'de_DE', breadcrumb: 'Brotkrumennavigation' },
};

export function pageLanguage(html: string): PageLanguage {
	const root = parse(html);
	const inLanguage: string[] = [];
	const collect = (value: unknown): void => {
		if (Array.isArray(value)) value.forEach(collect);
		else if (value && typeof value === 'object')
			for (const [key, inner] of Object.entries(value)) {
				if (key === 'inLanguage') inLanguage.push(String(inner));
				else collect(inner);
			}
	};
	for (const script of root.querySelectorAll('script[type="application/ld+json"]'))
		collect(JSON.parse(script.textContent));
	return {
		lang: root.querySelector('html')?.getAttribute('lang'),
		ogLocale: root.querySelector('meta[property="og:locale"]')?.getAttribute('content'),
		inLanguage,
		breadcrumb: root.querySelector('nav.aar-breadcrumb')?.getAttribute('aria-label'),
	};
}

/** Where `pageLanguage` of a page in `locale` differs from it: `[]` when the page speaks it. */
export function languageMismatch(html: string, locale: string): string[] {
	const expected = EXPECTED[locale];
	if (!expected) throw new Error(`no expected words for ${locale}`);
	const found = pageLanguage(html);
	const problems: string[] = [];
	for (const key of ['lang', 'ogLocale', 'breadcrumb'] as const)
		if (found[key] !== expected[key])
			problems.push(`${key} ${found[key]} (wanted ${expected[key]})`);
	if (found.inLanguage.some((value) => value !== locale))
		problems.push(`inLanguage ${found.inLanguage.join(',')}`);
	return problems;
}

/** The locale a site-relative URL path serves: its first segment when a locale, else the unprefixed one. */
export function urlLocale(
	path: string,
	locales: readonly string[],
	unprefixed: string | undefined,
): string | undefined {
	const first = path.split('/')[1] ?? '';
	return locales.includes(first) ? first : unprefixed;
}
