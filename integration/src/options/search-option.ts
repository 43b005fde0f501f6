import { z } from 'astro/zod';

/**
 * `search`: `'pagefind'` marks the product pages up for Pagefind (docs/search.md); false (the
 * default) leaves them as they are. Opt-in because once one page of a site carries
 * `data-pagefind-body`, Pagefind drops every page without it: a blog indexed today would vanish.
 */
export const searchOptionSchema = z
	.union([z.literal('pagefind'), z.literal(false)], {
		message:
			'Expected `search` to be "pagefind" (product pages carry Pagefind\'s markup: only product content indexed, star filters, rating sort) or false (the default)',
	})
	.default(false);
