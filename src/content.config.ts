import { defineCollection } from 'astro:content';
import {
	AUDIO_REVIEWS_BASE_URL,
	AUDIO_REVIEWS_LOCALES,
	AUDIO_REVIEWS_WEBSITE_ID,
} from 'astro:env/server';
import { productsLoader } from 'astro-audio-reviews/loaders';

const locales = AUDIO_REVIEWS_LOCALES.split(',')
	.map((locale) => locale.trim())
	.filter(Boolean);

export const collections = {
	products: defineCollection({
		loader: productsLoader({
			baseUrl: AUDIO_REVIEWS_BASE_URL,
			websiteId: AUDIO_REVIEWS_WEBSITE_ID,
			...(locales.length > 1 ? { locales } : { locale: locales[0] }),
		}),
	}),
};
