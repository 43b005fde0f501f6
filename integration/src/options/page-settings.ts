import { z } from 'astro/zod';
import { wholeNumber } from './rules.js';

export const DEFAULT_REVIEWS_PER_PAGE = 20;
export const DEFAULT_ROUTE = '/products/[ref]';
const DEFAULT_HUB_PAGE_SIZE = 48;

export const reviewsPerPage = wholeNumber(
	'reviewsPerPage',
	1,
	1000,
	`Expected \`reviewsPerPage\` to be a whole number from 1 to 1000 (default ${DEFAULT_REVIEWS_PER_PAGE}), e.g. reviewsPerPage: 30`,
).default(DEFAULT_REVIEWS_PER_PAGE);

export const emptyProducts = z
	.enum(['noindex', 'index', 'skip'], {
		message: 'Expected `emptyProducts` to be "noindex", "index" or "skip"',
	})
	.default('noindex');

export const hubPageSize = wholeNumber('hub.pageSize', 1, 1000);
export const hubOrder = z.enum(['name', 'rating']);

const pageSettingsSchema = z.object({
	route: z.string().default(DEFAULT_ROUTE),
	trailingSlash: z.boolean().default(true),
	reviewsPerPage,
	emptyProducts,
});

/** How product pages are laid out, as `audioReviews()` settles it. */
export type PageSettings = z.output<typeof pageSettingsSchema>;

/** The page settings a caller of the page functions left unset, defaulted as `audioReviews()` does. */
export function pageSettings(options: Partial<Record<keyof PageSettings, unknown>>): PageSettings {
	const { route, trailingSlash, reviewsPerPage, emptyProducts } = options;
	return pageSettingsSchema.parse({ route, trailingSlash, reviewsPerPage, emptyProducts });
}

const hubSettingsSchema = z.object({
	pageSize: hubPageSize.default(DEFAULT_HUB_PAGE_SIZE),
	order: hubOrder.default('name'),
});

/** `'name'` or `'rating'`: best rated first. */
export type HubOrder = z.output<typeof hubOrder>;
export type HubSettings = z.output<typeof hubSettingsSchema>;

/** A hub's page size and order, defaulted as `audioReviews({ hub: true })` has them. */
export function hubSettings(hub: {
	pageSize?: number | undefined;
	order?: HubOrder | undefined;
}): HubSettings {
	return hubSettingsSchema.parse({ pageSize: hub.pageSize, order: hub.order });
}
