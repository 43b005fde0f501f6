import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'node-html-parser';
import { validateWithSchema } from './xmllint.js';

/** The sitemaps.org schemas (test/data/sitemaps/SOURCES.md): index files, and urlsets with xhtml:link alternates. */
export const SITEMAP_XSD = {
	index: fileURLToPath(new URL('../data/sitemaps/siteindex.xsd', import.meta.url)),
	urlset: fileURLToPath(new URL('../data/sitemaps/urlset-with-alternates.xsd', import.meta.url)),
};

let written = 0;

/** Validates an XML document with Debian's xmllint (no network); resolves with its verdict and output. */
export async function validateSitemap(
	xml: string,
	kind: keyof typeof SITEMAP_XSD,
): Promise<{ valid: boolean; output: string }> {
	const file = join(tmpdir(), `aar-sitemap-${process.pid}-${written++}.xml`);
	await writeFile(file, xml);
	try {
		const verdict = await validateWithSchema(file, SITEMAP_XSD[kind]);
		return { valid: verdict.valid, output: verdict.output.slice(0, 4000) };
	} finally {
		// A 50,000-URL file weighs megabytes: the suite validates dozens of them.
		await rm(file, { force: true });
	}
}

/** The `<loc>`s of an index or urlset (validate first: this reader trusts the structure). */
export function sitemapLocs(xml: string): string[] {
	return parse(xml, { lowerCaseTagName: false, comment: false })
		.querySelectorAll('loc')
		.map((loc) => loc.text);
}

/** Per `<url>`: its loc and its hreflang alternates. */
export function sitemapAlternates(
	xml: string,
): Array<{ loc: string; alternates: Record<string, string> }> {
	return parse(xml, { lowerCaseTagName: false, comment: false })
		.querySelectorAll('url')
		.map((url) => ({
			loc: url.querySelector('loc')!.text,
			alternates: Object.fromEntries(
				url
					.querySelectorAll('xhtml\\:link')
					.map((link) => [link.getAttribute('hreflang')!, link.getAttribute('href')!]),
			),
		}));
}
