import type { Product, ReviewUser } from '../schema/product.js';

const present = (value: string | undefined): string | undefined => {
	const trimmed = value?.trim();
	return trimmed ? trimmed : undefined;
};

/** `<title>`: `seo_name`, else `name`, else the ref (CONTRACT.md). Blank strings count as unset. */
export function productTitle(product: Product): string {
	return present(product.seo_name) ?? present(product.name) ?? product.external_id;
}

/** `<meta name="description">`: `seo_description` when set. */
export function productDescription(product: Product): string | undefined {
	return present(product.seo_description);
}

/** "First Last", or undefined when the service sent no name. */
export function authorName(user: ReviewUser): string | undefined {
	return present([user.firstname, user.lastname].map((part) => part?.trim()).filter(Boolean).join(' '));
}

/**
 * Site-relative path of a product page: `/products/<slug>/` for the default locale,
 * `/<locale>/products/<slug>/` for the others (CONTRACT.md), for any pattern with `[ref]`.
 */
export function productPath(slug: string, locale: string, defaultLocale: string, routePattern = '/products/[ref]'): string {
	const path = routePattern.replace('[ref]', slug).replace(/\/+$/, '');
	const prefixed = locale === '' || locale === defaultLocale ? path : `/${locale}${path}`;
	return `${prefixed}/`;
}
