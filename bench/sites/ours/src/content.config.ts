// The package: productsLoader against the simulator (paged list, concurrent, digests).
import { defineCollection } from 'astro:content';
import { productsLoader } from 'astro-audio-reviews/loaders';

export const collections = {
	products: defineCollection({
		loader: productsLoader({
			baseUrl: process.env.BENCH_BASE_URL!,
			websiteId: process.env.BENCH_WEBSITE_ID!,
			locale: 'fr',
			// The package's defaults unless a bench run asks otherwise (memory experiments).
			...(process.env.BENCH_CONCURRENCY
				? { concurrency: Number(process.env.BENCH_CONCURRENCY) }
				: {}),
		}),
	}),
};
