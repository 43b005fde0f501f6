import { PageLocaleError } from '../errors/errors.js';
import { localeOrder } from '../routing/catalogue-layout.js';
import {
	type LocaleRule,
	localePrefix,
	routingOf,
	withDefaultLocale,
} from '../routing/locale-routing.js';
import type { ProductPageProps } from '../routing/product-paths.js';

// A page's language is the locale its content was loaded in, never a guess: screen readers,
// search engines and the package's own words all read it.

/** The language a page is written in: its `lang`, else its locale, else the default one. */
export function pageLang(
	props: Pick<ProductPageProps, 'lang' | 'locale' | 'defaultLocale'> & {
		product?: { external_id: string } | undefined;
	},
): string {
	const lang = props.lang ?? props.locale ?? props.defaultLocale;
	if (lang !== undefined) return lang;
	throw new PageLocaleError(
		"astro-audio-reviews: the page's language is unknown: its props name no `lang`, `locale` or `defaultLocale`. Pass the props getProductStaticPaths(), liveProductPage() or liveStaticPaths() give, or add `lang` (the locale of its content, e.g. lang: 'fr'); for a collection whose loader records no locale (not productsLoader()), set audioReviews({ defaultLocale: 'fr' }) or Astro's i18n.defaultLocale",
		{ ref: props.product?.external_id },
	);
}

/**
 * An on-demand page is at the URL the site gives its locale: the unprefixed route serves the
 * site's default locale (audioReviews's `defaultLocale`, else Astro's `i18n.defaultLocale`, else the
 * loader's first), as the hubs and sitemaps say. A route that loaded another fails loudly.
 */
export function checkLiveLocale(
	props: Pick<ProductPageProps, 'liveLocales' | 'path' | 'product'> & { lang: string },
	site: LocaleRule,
): void {
	const locales = props.liveLocales;
	if (!locales) return;
	const routing = routingOf(site);
	const { defaultLocale } = localeOrder(locales, routing.defaultLocale, locales);
	const rule = withDefaultLocale(routing, defaultLocale);
	const prefix = localePrefix(rule, props.lang);
	if (props.path.startsWith(`${prefix}/`)) return;
	const quoted = JSON.stringify(props.lang);
	const fix =
		localePrefix(rule, defaultLocale) === ''
			? `load this route's entry in ${JSON.stringify(defaultLocale)}: getLiveEntry('products', { ref, locale: ${JSON.stringify(defaultLocale)} })`
			: `every locale is prefixed, so the injected /[locale]/products/[...ref] route serves them all: remove this route, or load its entry in the locale its URL serves`;
	throw new PageLocaleError(
		`astro-audio-reviews: the page at ${props.path} holds the product in ${quoted}, but the site serves ${quoted} pages under ${prefix}/ (defaultLocale ${JSON.stringify(defaultLocale)}${routing.prefixDefaultLocale ? ', prefixDefaultLocale' : ''}): ${fix}`,
		{ ref: props.product.external_id },
	);
}
