import { withBase } from '../routing/url.js';
import { sitemapPage, sitemapPages } from '../state/sitemap-pages.js';

// What the sitemap needs to know of the pages this build wrote: when each page's content last
// changed and whether it may be indexed.

export interface SitemapPage {
	/** Site-relative path, without `base`. */
	path: string;
	/** ISO date the page's content last changed, when the loader recorded one. */
	lastmod: string | undefined;
	indexable: boolean;
}

/** One key for a path however a URL spells it: decoded, NFC, without trailing slash. */
function keyOf(pathname: string): string {
	let decoded = pathname;
	try {
		decoded = decodeURIComponent(pathname);
	} catch {
		// A malformed escape is not one of our paths; compare it as it is.
	}
	return decoded.normalize('NFC').replace(/\/+$/, '') || '/';
}

export function registerSitemapPages(base: string, pages: Iterable<SitemapPage>): void {
	const known = sitemapPages();
	for (const page of pages)
		known.set(keyOf(withBase(base, page.path)), {
			lastmod: page.lastmod,
			indexable: page.indexable,
		});
}

/** The newest of ISO dates, or undefined when there is none. */
export function newestDate(dates: Iterable<string | undefined>): string | undefined {
	let newest: string | undefined;
	for (const date of dates)
		if (date !== undefined && (newest === undefined || date > newest)) newest = date;
	return newest;
}

/** `serialize` hook for `@astrojs/sitemap`: `sitemap({ serialize: serializeSitemapItem })`. */
export function serializeSitemapItem<Item extends { url: string; lastmod?: string | undefined }>(
	item: Item,
): Item | undefined {
	let pathname: string;
	try {
		pathname = new URL(item.url).pathname;
	} catch {
		return item;
	}
	const page = sitemapPage(keyOf(pathname));
	if (page === undefined) return item;
	if (!page.indexable) return undefined;
	return page.lastmod === undefined ? item : { ...item, lastmod: page.lastmod };
}
