import { z } from 'astro/zod';

/** `search`. */
export const searchOptionSchema = z
	.union([z.literal('pagefind'), z.literal(false)], {
		message:
			'Expected `search` to be "pagefind" (product pages carry Pagefind\'s markup: only product content indexed, star filters, rating sort) or false (the default)',
	})
	.default(false);
