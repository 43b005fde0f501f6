// Numbers and plurals, for both audiences: the build's log lines and error messages (English,
// `12,345 products`) and the pages (the page's locale, `4,5` in French, `Intl.PluralRules`
// categories).

// Building an Intl formatter costs far more than formatting with one (it was ~15% of a 10k-page
// build's CPU): one per locale, kept for the process.
const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

/** The formatter of `locale` from `cache`, or of English when Intl does not know the locale. */
export function formatterFor<T>(
	cache: Map<string, T>,
	locale: string,
	create: (locale: string) => T,
): T {
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

/** `12345` → `12,345`; `4.5` → `4,5` in French: digits grouped, at most two decimals. English unless told. */
export function formatNumber(value: number, locale = 'en-US'): string {
	return formatterFor(
		numberFormats,
		locale,
		(l) => new Intl.NumberFormat(l, { maximumFractionDigits: 2 }),
	).format(value);
}

/** The `Intl.PluralRules` category of `count` in `locale` (`one`, `few`, `other`…). */
export function pluralCategory(count: number, locale: string): Intl.LDMLPluralRule {
	return formatterFor(pluralRules, locale, (l) => new Intl.PluralRules(l)).select(count);
}

/** The English word for `count` things: `plural(1, 'batch', 'batches')` → `batch`. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
	return count === 1 ? singular : pluralForm;
}

/** `count` and its English word, for logs and messages: `countOf(1234, 'review')` → `1,234 reviews`. */
export function countOf(count: number, singular: string, pluralForm = `${singular}s`): string {
	return `${formatNumber(count)} ${plural(count, singular, pluralForm)}`;
}
