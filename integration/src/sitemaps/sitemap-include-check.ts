import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { withBase } from '../routing/url.js';

/**
 * The on-demand sitemap index lists `@astrojs/sitemap`'s files by the paths of
 * `onDemand.sitemap.include`, fixed at config time; what that integration writes is known only when
 * the build is done.
 */
export function sitemapIncludeCheck(include: readonly string[]): AstroIntegration {
	let base = '/';
	return {
		name: 'astro-audio-reviews:sitemap-include-check',
		hooks: {
			'astro:config:done': ({ config }) => {
				base = config.base;
			},
			'astro:build:done': async ({ dir, logger }) => {
				let index: string;
				try {
					index = await readFile(fileURLToPath(new URL('sitemap-index.xml', dir)), 'utf8');
				} catch {
					return logger.warn(
						'@astrojs/sitemap wrote no sitemap-index.xml (another `filenameBase`, or no page): check that `onDemand.sitemap.include` names the sitemaps it wrote',
					);
				}
				const message = includeMismatch(sitemapPaths(index), include, base);
				if (message) logger.warn(message);
			},
		},
	};
}

/** The path of every `<loc>` of a sitemap index. */
export function sitemapPaths(indexXml: string): string[] {
	return [...indexXml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => {
		try {
			return new URL(match[1]!.trim()).pathname;
		} catch {
			return match[1]!.trim();
		}
	});
}

/** What is wrong when the index's `include` and the files `@astrojs/sitemap` wrote differ, else undefined. */
export function includeMismatch(
	written: readonly string[],
	include: readonly string[],
	base: string,
): string | undefined {
	const listed = include.map((path) => withBase(base, path));
	const missing = written.filter((path) => !listed.includes(path));
	const extra = listed.filter((path) => !written.includes(path));
	if (missing.length === 0 && extra.length === 0) return undefined;
	const wanted = written.map((path) =>
		base !== '/' && path.startsWith(withBase(base, '/'))
			? path.slice(withBase(base, '').length)
			: path,
	);
	return (
		`@astrojs/sitemap wrote ${written.join(', ') || 'no sitemap'}, but the on-demand sitemap index lists ${listed.join(', ') || 'none'}: ` +
		`set \`onDemand.sitemap.include\` to ${JSON.stringify(wanted)} so the one index of the site lists them all`
	);
}
