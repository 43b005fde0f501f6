import { z } from 'astro/zod';
import { flag, nonEmptyText, wholeNumber } from '../options/rules.js';

/** sitemaps.org: at most 50,000 URLs and 50 MB (52,428,800 bytes) uncompressed per file. */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 52_428_800 } as const;
export const DEFAULT_SITEMAP_PATH = '/sitemap-products';

const sitemapOptionSchema = z
	.object({
		path: z
			.string()
			.regex(/^\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/, {
				message:
					'Expected `onDemand.sitemap.path` to be a site path without extension, e.g. "/sitemap-products" (index at /sitemap-products.xml)',
			})
			.default(DEFAULT_SITEMAP_PATH),
		urlsPerFile: wholeNumber(
			'onDemand.sitemap.urlsPerFile',
			1000,
			SITEMAP_LIMITS.urls,
			'Expected `onDemand.sitemap.urlsPerFile` to be a whole number from 1000 to 50000 (the sitemaps.org limit)',
		).default(SITEMAP_LIMITS.urls),
		/** Site paths of other sitemaps the index lists too, e.g. `@astrojs/sitemap`'s `/sitemap-0.xml`. */
		include: z
			.array(
				z.string().regex(/^\/\S*\.xml$/, {
					message:
						'Expected `onDemand.sitemap.include` to hold site paths of sitemaps, e.g. "/sitemap-0.xml"',
				}),
			)
			.optional(),
	})
	.strict();

/**
 * The `onDemand` option: what the integration injects for a site that reads its catalogue with
 * `productsLiveLoader()` (docs/on-demand.md, "Sitemaps" and "Hub pages"). `false` injects none.
 */
export const onDemandOptionSchema = z
	.union(
		[
			z.literal(false),
			z
				.object({
					sitemap: z
						.union([z.literal(false), sitemapOptionSchema])
						.default(sitemapOptionSchema.parse({})),
					hub: flag('onDemand.hub').default(true),
					/** The live collection the on-demand routes read; default: `collection`. */
					collection: nonEmptyText(
						'onDemand.collection',
						'the name of the live collection of src/live.config.ts that uses productsLiveLoader()',
					).optional(),
				})
				.strict(),
		],
		{
			message:
				'Expected `onDemand` to be false or { sitemap?: false | { path, urlsPerFile, include }, hub?: boolean, collection?: string }',
		},
	)
	.default({ sitemap: sitemapOptionSchema.parse({}), hub: true });

export type ResolvedOnDemandOption = z.output<typeof onDemandOptionSchema>;
