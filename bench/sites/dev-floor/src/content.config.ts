// The dev floor: the same entries (both locales' JSON as the service sends it) on disk, through
// Astro's built-in file() loader and the package's schema. No network at all.
import { defineCollection } from 'astro:content';
import { file } from 'astro/loaders';
import { productSchema } from 'astro-audio-reviews/schema';

export const collections = {
	products: defineCollection({
		loader: file(process.env.BENCH_DATA_FILE!),
		schema: productSchema,
	}),
};
