import { z } from 'astro/zod';
import { refreshOptionSchema } from '../dev-loop/refresh-option.js';
import { reviewsFeedOptionSchema } from '../feed/review-feed-option.js';
import { indexNowOptionSchema } from '../indexnow/index-now-option.js';
import { invalidateOptionSchema } from '../on-demand/invalidate-option.js';
import { onDemandOptionSchema } from '../on-demand/on-demand-option.js';
import {
	DEFAULT_ROUTE,
	emptyProducts,
	hubOrder,
	hubPageSize,
	reviewsPerPage,
} from '../options/page-settings.js';
import { flag, nonEmptyText } from '../options/rules.js';
import { changeReportOptionSchema } from '../pages/change-report-option.js';
import {
	layoutOptionSchema,
	uiTextOptionSchema,
	type WordPlaceholders,
} from '../pages/page-options.js';
import { searchOptionSchema } from '../pages/search-option.js';

const integrationOptionsShape = {
	collection: nonEmptyText(
		'collection',
		'the name of the content collection that uses productsLoader()',
	).default('products'),
	route: z
		.union([
			z
				.string()
				.refine((value) => value.startsWith('/') && value.includes('[ref]'), {
					message:
						'Expected `route` to be a path pattern starting with "/" and containing "[ref]", e.g. "/products/[ref]"',
				})
				.refine((value) => !value.includes('[locale]'), {
					message:
						'Leave "[locale]" out of `route`: locales other than the default are prefixed automatically',
				}),
			z.literal(false),
		])
		.default(DEFAULT_ROUTE),
	/** The locale served without a prefix. */
	defaultLocale: nonEmptyText(
		'defaultLocale',
		'one of the collection\'s locales, e.g. "fr"',
	).optional(),
	/** Injects the webhook route that purges cached on-demand pages by tag (docs/on-demand.md). */
	invalidate: invalidateOptionSchema.optional(),
	/** IndexNow (docs/indexnow.md): the build writes the key file; `npx audio-reviews indexnow` submits what the change report lists. */
	indexNow: indexNowOptionSchema.optional(),
	/** Sitemaps and hub pages rendered on demand for a site that uses productsLiveLoader() (docs/on-demand.md); false for none. */
	onDemand: onDemandOptionSchema,
	/** Where each build writes the pages added, changed and removed since the previous one; false for none. */
	changeReport: changeReportOptionSchema,
	/**
	 * Keep dist/ between builds (`vite.build.emptyOutDir: false`) so an incremental rebuild
	 * leaves unchanged pages in place instead of copying them back; pages the build no
	 * longer has are deleted by the integration. Useful where the host keeps dist/ too.
	 */
	keepOutDir: flag('keepOutDir').default(false),
	/** `astro dev` only: the webhook endpoint that re-syncs everything or one product. */
	refresh: refreshOptionSchema,
	/** Your layout component; injected pages render inside it (props `title`, `description`, `lang`; `<slot name="head" />`). */
	layout: layoutOptionSchema.optional(),
	/** Per-locale overrides of the words pages and components print. */
	// Checked against the pages' words, which integrationOptionsSchema is given.
	uiText: z.unknown(),
	/** Google's product review feed, written by `astro build` (docs/review-feed.md); false for none. */
	reviewsFeed: reviewsFeedOptionSchema,
	/** Reviews on a product page and on each of its further review pages (docs/pages-and-seo.md, "Products with many reviews"). */
	reviewsPerPage,
	/** `'pagefind'`: product pages carry Pagefind's markup (docs/search.md); `'postgres'`: the on-demand search (docs/on-demand.md, "Search"); false (default) leaves them unchanged. */
	search: searchOptionSchema,
	/** A product without any review in a locale: a `noindex, follow` page, a normal page, or no page. */
	emptyProducts,
	/** False leaves the language links to the layout (its `alternates` prop); true (default) puts them under each page. */
	localeLinks: z.boolean({ message: 'Expected `localeLinks` to be true or false' }).default(true),
	/**
	 * Hub pages listing the products at the route's parent path; `{ pageSize, order }` sets how
	 * many per page and their order (`'name'` by default, `'rating'` for best rated first).
	 */
	hub: z
		.union(
			[
				z.boolean(),
				z
					.object({
						pageSize: hubPageSize.optional(),
						order: hubOrder.optional(),
					})
					.strict(),
			],
			{
				message:
					"Expected `hub` to be true, false or { pageSize?: <1 to 1000>, order?: 'name' | 'rating' }, e.g. hub: { order: 'rating' } to list the best rated products first",
			},
		)
		.default(true),
};

/** The options of `audioReviews()`; `placeholders` are the pages' words, which `uiText` may override. */
export function integrationOptionsSchema(placeholders: WordPlaceholders) {
	// Same key order as the shape (a spread keeps it), so problems are listed in the order of the docs.
	return z
		.object({ ...integrationOptionsShape, uiText: uiTextOptionSchema(placeholders).optional() })
		.strict();
}
