import { defineCollection } from 'astro:content';
import { productsLoader } from 'astro-audio-reviews/loaders';

const locales = (process.env.AUDIO_REVIEWS_LOCALES ?? 'fr')
	.split(',')
	.map((locale) => locale.trim())
	.filter(Boolean);

export const collections = {
	products: defineCollection({
		loader: productsLoader({
			baseUrl: process.env.AUDIO_REVIEWS_BASE_URL ?? 'http://127.0.0.1:8787',
			websiteId: process.env.AUDIO_REVIEWS_WEBSITE_ID ?? '00000000-0000-4000-8000-000000000000',
			...(locales.length > 1 ? { locales } : { locale: locales[0] }),
		}),
	}),
};
