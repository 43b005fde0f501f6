import type { HubOrder } from '../options/page-settings.js';
import type { LayoutAlternate } from '../routing/alternates.js';
import type { LocaleRouting } from '../routing/locale-routing.js';
import type { UiTextOverrides } from '../words/ui-text.js';
import type { SearchMarkup } from './search-markup.js';

/**
 * What pages, components and the `astro-audio-reviews/pages` helpers know of the integration's
 * options, and the site's locale routing (settled from Astro's `i18n` at config time).
 */
export interface PageConfig extends LocaleRouting {
	collection: string;
	/** The live collection the on-demand routes read (`onDemand.collection`), when it is not `collection`. */
	liveCollection?: string | undefined;
	/** Pattern of the default-locale route, e.g. `/products/[ref]`. */
	route: string;
	/** Pattern of the other locales' route, e.g. `/[locale]/products/[ref]`. */
	localeRoute: string;
	/** False with `route: false`: no product pages are injected. */
	injected: boolean;
	/** Whether page URLs (canonical, hreflang, links) end in `/`: Astro's `trailingSlash` and `build.format`. */
	trailingSlash: boolean;
	/** Astro's `base`. */
	base: string;
	uiText: UiTextOverrides;
	/** A product without any review in a locale: `noindex, follow`, a normal page, or no page. */
	emptyProducts: 'noindex' | 'index' | 'skip';
	/** Whether the pages show their own language links (false: the layout's `alternates` do). */
	localeLinks: boolean;
	/** Reviews on a product page and on each of its further review pages. */
	reviewsPerPage: number;
	/** Hub pages' size and order, or false when the site has none. */
	hub: { pageSize: number; order: HubOrder } | false;
	/** `'pagefind'`: product pages carry Pagefind's markup; false: none. */
	search: SearchMarkup;
}

/**
 * What the integration's `layout` (and the standalone document used without one) receives: type
 * your layout's props with it.
 */
export type LayoutProps = {
	/** `seo_name`, else `name`, else the ref (or the hub's title). */
	title: string;
	description?: string | undefined;
	/** The page's locale, for `<html lang>`. */
	lang: string;
	/**
	 * The same page in each locale it exists in, in the loader's locale order, for a header
	 * language switcher; empty on a one-locale site.
	 */
	alternates?: LayoutAlternate[] | undefined;
};
