import { escapeXmlText } from '../seo/xml-text.js';

// The XML of the on-demand sitemaps (sitemaps.org 0.9, with Google's `xhtml:link` hreflang
// alternates).

export interface SitemapUrl {
	loc: string;
	/** hreflang → URL of the same product in each locale with an indexable page (itself included); none when that is its only one. */
	alternates: ReadonlyArray<{ hreflang: string; href: string }>;
}

const attribute = (value: string) => escapeXmlText(value).replace(/"/g, '&quot;');

export function sitemapIndexXml(locations: readonly string[]): string {
	const entries = locations.map((loc) => `<sitemap><loc>${escapeXmlText(loc)}</loc></sitemap>`);
	return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

export function urlsetXml(urls: readonly SitemapUrl[]): string {
	const entries = urls.map((url) => {
		const links = url.alternates.map(
			(alternate) =>
				`<xhtml:link rel="alternate" hreflang="${attribute(alternate.hreflang)}" href="${attribute(alternate.href)}"/>`,
		);
		return `<url><loc>${escapeXmlText(url.loc)}</loc>${links.join('')}</url>`;
	});
	return (
		'<?xml version="1.0" encoding="UTF-8"?>\n' +
		'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
		`${entries.join('\n')}\n</urlset>\n`
	);
}
