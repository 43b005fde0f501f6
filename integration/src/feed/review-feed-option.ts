import { z } from 'astro/zod';
import { AudioReviewsOptionsError } from '../errors/errors.js';

export const DEFAULT_REVIEWS_FEED_PATH = 'product-reviews.xml';
/** The feed's schema versions; the first, the one Google accepts today, is the default. */
export const REVIEWS_FEED_SCHEMA_VERSIONS = ['2.4', '2.3'] as const;
export type FeedSchemaVersion = (typeof REVIEWS_FEED_SCHEMA_VERSIONS)[number];
const SCHEMA_VERSION_MESSAGE =
	'Expected `reviewsFeed.schemaVersion` to be "2.4" (what Google accepts today, the default) or "2.3" (for a Merchant Center that still expects it), as a string';

// Each segment starts with a letter, digit or `_`: never `..`, a hidden file, or outside dist.
const FEED_PATH = /^\/?(?:[A-Za-z0-9_][A-Za-z0-9._-]*\/)*[A-Za-z0-9_][A-Za-z0-9._-]*\.xml$/;

// A refinement, not an enum: an enum mismatch aborts this union branch, whose generic message
// would hide the one naming the versions.
const schemaVersionSchema = z
	.unknown()
	.refine((value) => (REVIEWS_FEED_SCHEMA_VERSIONS as readonly unknown[]).includes(value), {
		message: SCHEMA_VERSION_MESSAGE,
	}) as unknown as z.ZodType<FeedSchemaVersion, FeedSchemaVersion>;

export const reviewsFeedOptionSchema = z
	.union(
		[
			z.literal(false),
			z
				.object({
					publisher: z
						.string({
							message:
								"Expected `reviewsFeed.publisher` to be the shop name Google shows as the reviews' publisher",
						})
						.refine((value) => value.trim() !== '', {
							message: 'Expected `reviewsFeed.publisher` to be a non-blank shop name',
						}),
					path: z
						.string()
						.regex(FEED_PATH, {
							message:
								'Expected `reviewsFeed.path` to be an .xml file path relative to the site root, e.g. "product-reviews.xml" or "feeds/reviews.xml"',
						})
						.transform((value) => value.replace(/^\//, ''))
						.default(DEFAULT_REVIEWS_FEED_PATH),
					schemaVersion: schemaVersionSchema.default(REVIEWS_FEED_SCHEMA_VERSIONS[0]),
				})
				.strict(),
		],
		{
			message:
				'Expected `reviewsFeed` to be false or { publisher: "Your shop", path?: "product-reviews.xml", schemaVersion?: "2.4" | "2.3" }',
		},
	)
	.default(false);

export type ReviewsFeedOption = z.output<typeof reviewsFeedOptionSchema>;

/** The feed lists absolute URLs, so it needs `site`, and the injected pages. */
export function checkReviewsFeedConfig(
	feed: ReviewsFeedOption,
	context: { site: string | undefined; route: string | false },
): void {
	if (feed === false) return;
	if (!context.site) {
		throw new AudioReviewsOptionsError(
			"audioReviews(): `reviewsFeed` needs `site`: the feed gives Google the absolute URL of every review's product page",
			'Set `site` in astro.config.mjs to the address the shop is served from (e.g. site: "https://shop.example.com"), or turn the feed off with reviewsFeed: false.',
		);
	}
	if (context.route === false) {
		throw new AudioReviewsOptionsError(
			'audioReviews(): `reviewsFeed` needs the product pages the integration injects, and `route` is false',
			'Set `route` to the pattern of the product pages (e.g. "/products/[ref]"), or turn the feed off with reviewsFeed: false.',
		);
	}
}
