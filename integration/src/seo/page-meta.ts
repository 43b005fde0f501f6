import type { Product, ReviewUser } from '../schema/product.js';

/** A trimmed string, or undefined when absent or blank (the back office saves empty fields as ""). */
export function presentText(value: string | undefined | null): string | undefined {
	const trimmed = value?.trim();
	return trimmed ? trimmed : undefined;
}

/** `<title>` text: `seo_name`, else `name`, else the ref (docs/pages-and-seo.md, the public contract); blank strings count as unset. */
export function productTitle(product: Product): string {
	return (
		presentText(product.seo_name) ??
		presentText(product.name) ??
		presentText(product.external_id) ??
		product.external_id
	);
}

/** The visible `<h1>`: `name`, else `seo_name`, else the ref (`seo_name` is written for result pages, not for reading). */
export function productHeading(
	product: Pick<Product, 'name' | 'seo_name' | 'external_id'>,
): string {
	return (
		presentText(product.name) ??
		presentText(product.seo_name) ??
		presentText(product.external_id) ??
		product.external_id
	);
}

/** `<meta name="description">` text: `seo_description` trimmed, or undefined when unset or blank. */
export function productDescription(product: Product): string | undefined {
	return presentText(product.seo_description);
}

/** "Firstname Lastname" of a review author, or undefined when the service sent no name (callers pick the fallback). */
export function authorName(user: ReviewUser): string | undefined {
	return presentText(
		[presentText(user.firstname), presentText(user.lastname)].filter(Boolean).join(' '),
	);
}

/** Open Graph's `ll_TT` form of a locale: `fr` → `fr_FR`, `en-GB` → `en_GB`, `pt-br` → `pt_BR`; undefined when Intl cannot tell a region. */
export function ogLocale(locale: string | undefined): string | undefined {
	if (!locale) return undefined;
	try {
		const full = new Intl.Locale(locale).maximize();
		return full.region ? `${full.language}_${full.region}` : undefined;
	} catch {
		return undefined;
	}
}
