// `astro dev` at catalogue scale (bench/lib/dev-figure.mjs): the package in two locales.
import { defineCollection } from 'astro:content';
import { productsLoader } from 'astro-audio-reviews/loaders';

export const collections = {
	products: defineCollection({
		loader: productsLoader({
			baseUrl: process.env.BENCH_BASE_URL!,
			websiteId: process.env.BENCH_WEBSITE_ID!,
			locales: ['fr', 'en'],
		}),
	}),
};
