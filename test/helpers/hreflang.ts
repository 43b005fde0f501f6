import { parse } from 'node-html-parser';

/**
 * The hreflang rule of the public contract, checked over a whole site's pages from their HTML
 * alone: an indexable page lists itself and the indexable pages of its other locales (each listing
 * it back), `x-default` only at one of them, a `noindex` page none, always in the locale order.
 * "The same page in another locale" is read from the URLs, not from the package: the page's path
 * with its locale prefix taken off.
 */
export interface SitePage {
	/** Absolute canonical URL. */
	url: string;
	locale: string;
	indexable: boolean;
	/** hreflang → href, in document order, `x-default` apart. */
	links: Array<[string, string]>;
	xDefault: string | undefined;
}

export function readPage(html: string, url: string): SitePage {
	const root = parse(html);
	const robots = root.querySelector('meta[name="robots"]')?.getAttribute('content') ?? '';
	const all = root
		.querySelectorAll('link[rel="alternate"][hreflang]')
		.map(
			(link) => [link.getAttribute('hreflang')!, link.getAttribute('href')!] as [string, string],
		);
	return {
		url,
		locale: root.querySelector('html')!.getAttribute('lang')!,
		indexable: !/noindex/.test(robots),
		links: all.filter(([lang]) => lang !== 'x-default'),
		xDefault: all.find(([lang]) => lang === 'x-default')?.[1],
	};
}

/**
 * Every breach of the rule among `pages` (keyed by their canonical URL), as sentences naming the
 * page; `sameKey` maps a URL to what it shares with its other locales' versions.
 */
export function hreflangBreaches(
	pages: ReadonlyMap<string, SitePage>,
	order: readonly string[],
	sameKey: (url: string) => string,
): string[] {
	const breaches: string[] = [];
	const groups = Map.groupBy(pages.values(), (page) => sameKey(page.url));
	for (const page of pages.values()) {
		const say = (what: string) => breaches.push(`${page.url}: ${what}`);
		if (!page.indexable) {
			if (page.links.length > 0 || page.xDefault) say('noindex, yet carries hreflang');
			continue;
		}
		const expected = (groups.get(sameKey(page.url)) ?? [])
			.filter((other) => other.indexable)
			.sort((a, b) => order.indexOf(a.locale) - order.indexOf(b.locale))
			.map((other): [string, string] => [other.locale, other.url]);
		const wanted = expected.length > 1 ? expected : [];
		if (JSON.stringify(page.links) !== JSON.stringify(wanted))
			say(`hreflang ${JSON.stringify(page.links)} instead of ${JSON.stringify(wanted)}`);
		if (page.xDefault !== undefined && !page.links.some(([, href]) => href === page.xDefault))
			say(`x-default ${page.xDefault} is none of its hreflang pages`);
		for (const [, href] of page.links) {
			const other = pages.get(href);
			if (!other) say(`names ${href}, which the site does not have`);
			else if (JSON.stringify(other.links) !== JSON.stringify(page.links))
				say(`names ${href}, which does not list the same pages back`);
			else if (other.xDefault !== page.xDefault) say(`x-default differs from ${href}'s`);
		}
	}
	return breaches;
}
