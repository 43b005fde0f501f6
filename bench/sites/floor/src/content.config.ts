// The floor: the exact JSON the simulator serves, already on disk, through Astro's built-in
// file() loader and the package's schema. No network at all.
import { defineCollection } from 'astro:content';
import { file } from 'astro/loaders';
import { productSchema } from 'astro-audio-reviews/schema';

export const collections = {
	products: defineCollection({
		// An object keyed by external_id, so entry ids equal those productsLoader gives.
		loader: file(process.env.BENCH_DATA_FILE!),
		schema: productSchema,
	}),
};
