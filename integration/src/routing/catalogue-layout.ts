// Where a catalogue's pages live, shared by the pages (which read the collection's entries) and
// `productUrl` (which reads the loader's index of the same entries), so that a link and the page
// it points to cannot disagree.

/**
 * The locale an entry's URL is prefixed with, from its id and its product's ref: productsLoader ids
 * are `<external_id>` with one locale and `<locale>/<external_id>` with `locales`.
 */
export function localeInId(id: string, ref: string): string | undefined {
	if (id === ref) return undefined;
	const suffix = `/${ref}`;
	if (id.endsWith(suffix)) return id.slice(0, -suffix.length);
	return undefined;
}

/**
 * The unprefixed locale (the configured one, else the loader's first, else the first by name)
 * and the order of the alternates, the loader's (the on-demand sitemaps list them so too), for a
 * catalogue whose entry ids name `locales`.
 */
export function localeOrder(
	locales: readonly string[],
	configured: string | undefined,
	loaderOrder: readonly string[] | undefined,
): { defaultLocale: string | undefined; order: string[] } {
	const candidates = [configured, ...(loaderOrder ?? []), ...[...locales].sort()];
	const defaultLocale =
		locales.length === 0
			? undefined
			: candidates.find((locale) => locale !== undefined && locales.includes(locale));
	const order = loaderOrder
		? [
				...loaderOrder.filter((l) => locales.includes(l)),
				...locales.filter((l) => !loaderOrder.includes(l)),
			]
		: [...locales];
	return { defaultLocale, order };
}
