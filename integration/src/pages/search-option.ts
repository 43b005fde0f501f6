import { z } from 'astro/zod';

/** `search`. */
export const searchOptionSchema = z
	.union([z.literal('pagefind'), z.literal('postgres'), z.literal(false)], {
		message:
			'Expected `search` to be "pagefind" (product pages carry Pagefind\'s markup: only product content indexed, star filters, rating sort), "postgres" (search of a catalogue served on demand, in PostgreSQL: docs/on-demand.md, "Search") or false (the default)',
	})
	.default(false);
