import { headHreflang, type LayoutAlternate, layoutAlternates } from '../routing/alternates.js';
import { type LocaleRule, localeHomeUrl } from '../routing/locale-routing.js';
import type { ProductPageProps } from '../routing/product-paths.js';
import { orderedReviews, type ReviewPagePlace, reviewsOnPage } from '../routing/review-pages.js';
import { absoluteUrl, withBase } from '../routing/url.js';
import type { Product } from '../schema/product.js';
import { safeHttpUrl } from '../schema/safe-url.js';
import type { Crumb, JsonLdGraph } from '../seo/graph.js';
import { metaDescription } from '../seo/meta-description.js';
import { productDescription, productHeading, productTitle } from '../seo/page-meta.js';
import { productJsonLd } from '../seo/product-json-ld.js';
import type { PlacedReview } from '../seo/review-policy.js';
import type { UiText } from '../words/ui-text.js';
import { checkLiveLocale, pageLang } from './page-lang.js';
import {
	aroundName,
	type SearchMarkup,
	searchBody,
	searchDescription,
	searchHeading,
	searchTitle,
} from './search-markup.js';

// Everything a product page shows, computed once from its props: its digest dates the page, so a
// value shown here moves `lastmod` with no list to keep.

export interface PageSite {
	site: URL | string | undefined;
	base: string;
	trailingSlash: boolean;
	routing: LocaleRule;
	search: SearchMarkup;
	text: UiText;
}

export interface ProductSummary {
	title: string;
	heading: string;
	description: string | undefined;
	metaDescription: string;
	/** The audio of `og:audio`: the product's, else its default review's, else the first playable. */
	audio: string | undefined;
}

type Attributes = Readonly<Record<string, string>>;

export interface ProductPageModel extends ProductSummary {
	lang: string;
	locale: string | undefined;
	ref: string;
	page: number;
	/** `heading` with the page number on a further page, split around the name when search marks it. */
	pageHeading: string;
	headingParts: [before: string, after: string] | undefined;
	shownDescription: string | undefined;
	reviews: PlacedReview[];
	reviewCount: number;
	reviewPage: ReviewPagePlace | undefined;
	labels: { breadcrumb: string; languages: string };
	search: { body: Attributes; heading: Attributes; title: Attributes; description: Attributes };
	/** Root-relative links a visitor follows, so previews and staging stay on their host. */
	links: {
		breadcrumbs: Crumb[];
		prev: string | undefined;
		next: string | undefined;
		/** The page in the product's other locales. */
		locales: { locale: string; href: string; reviews?: number | undefined }[];
	};
	/** What other sites read: absolute when `site` is set. */
	head: {
		canonical: string | undefined;
		indexable: boolean | undefined;
		defaultLocale: string | undefined;
		/** hreflang: the indexable locale versions of the page, this one included; none if noindex. */
		alternates: { locale: string; href: string }[];
	};
	/** The layout's `alternates`: the page in every locale it exists in, for a header switcher. */
	alternates: LayoutAlternate[];
	jsonLd: JsonLdGraph;
}

export function productSummary(product: Product, lang: string | undefined, text: UiText) {
	return {
		title: productTitle(product),
		heading: productHeading(product),
		description: productDescription(product),
		metaDescription: metaDescription(product, lang, text),
		audio:
			safeHttpUrl(product.audio_url) ??
			safeHttpUrl(product.reviews.find((review) => review.is_default)?.audio_url) ??
			safeHttpUrl(product.reviews.find((review) => safeHttpUrl(review.audio_url))?.audio_url),
	} satisfies ProductSummary;
}

export function productPageModel(props: ProductPageProps, site: PageSite): ProductPageModel {
	const { product, locale, path, hubPath, reviewPage } = props;
	const lang = pageLang(props);
	checkLiveLocale({ ...props, lang }, site.routing);
	const { text, search } = site;
	const summary = productSummary(product, lang, text);
	const page = reviewPage?.page ?? 1;
	const further = page > 1;
	const pageHeading = further
		? text('reviewPage', { name: summary.heading, page })
		: summary.heading;
	const link = (sitePath: string) => withBase(site.base, sitePath);
	const url = (href: string) => (site.site ? new URL(href, site.site).href : href);
	const home = localeHomeUrl(site.routing, locale ?? props.lang, site.trailingSlash, site.base);
	const trail = [
		{ name: text('home'), href: home },
		...(hubPath === undefined ? [] : [{ name: text('hub'), href: link(hubPath) }]),
		{ name: summary.heading, href: link(reviewPage?.paths[0] ?? path) },
		...(further ? [{ name: text('page', { page }), href: link(path) }] : []),
	];
	const reviews = shownReviews(product, reviewPage);
	const canonical = absoluteUrl(site.site, site.base, path);
	const hreflang = headHreflang(
		props.alternates,
		{ locale, indexable: props.indexable ?? true },
		props.defaultLocale,
		(sitePath) => url(link(sitePath)),
	);
	return {
		...summary,
		title: further ? text('reviewPage', { name: summary.title, page }) : summary.title,
		lang,
		locale,
		ref: product.external_id,
		page,
		pageHeading,
		headingParts:
			search && further ? aroundName((name) => text('reviewPage', { name, page })) : undefined,
		shownDescription: further ? undefined : summary.description,
		reviews,
		reviewCount: product.reviews.length,
		reviewPage,
		labels: { breadcrumb: text('breadcrumb'), languages: text('languages') },
		search: {
			body: searchBody(search, product, page, link(path)),
			heading: searchHeading(search, product, page),
			title: searchTitle(search),
			description: searchDescription(search, product),
		},
		links: {
			breadcrumbs: trail.map((crumb) => ({ name: crumb.name, url: crumb.href })),
			prev: reviewPage && further ? link(reviewPage.paths[page - 2]!) : undefined,
			next:
				reviewPage && page < reviewPage.paths.length ? link(reviewPage.paths[page]!) : undefined,
			locales: props.alternates.map(({ locale, path, reviews }) => ({
				locale,
				href: link(path),
				reviews,
			})),
		},
		head: {
			canonical,
			indexable: props.indexable,
			defaultLocale: hreflang.defaultLocale,
			alternates: hreflang.alternates,
		},
		alternates: layoutAlternates(props.alternates, locale, site.base),
		jsonLd: productJsonLd(product, {
			url: canonical,
			locale: lang,
			breadcrumbs: trail.map((crumb) => ({ name: crumb.name, url: url(crumb.href) })),
			placed: reviews,
			furtherPage: further,
			name: pageHeading,
		}),
	};
}

/** The reviews a page shows, in the documented order: its review page's, else all of them. */
export function shownReviews(
	product: Pick<Product, 'reviews'>,
	reviewPage: ReviewPagePlace | undefined,
): PlacedReview[] {
	return reviewPage
		? reviewsOnPage(product, reviewPage.page, reviewPage.perPage)
		: orderedReviews(product.reviews);
}
