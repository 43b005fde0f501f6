// @ts-check
import { defineConfig, envField } from 'astro/config';
import audioReviews from './integration/dist/entries/integration.js';
import { demoService } from './src/demo-service.mjs';

// With no AUDIO_REVIEWS_* variables the build talks to the embedded simulator, started here
// and stopped when the build ends: `npm run build` needs no network.
const service = await demoService();

export default defineConfig({
	site: 'https://demo.audio-reviews.example',
	// What src/content.config.ts reads from astro:env/server, as the recipes do; the config itself
	// cannot import astro:env.
	env: {
		schema: {
			AUDIO_REVIEWS_BASE_URL: envField.string({
				context: 'server',
				access: 'secret',
				url: true,
				default: 'http://127.0.0.1:8686',
			}),
			AUDIO_REVIEWS_WEBSITE_ID: envField.string({
				context: 'server',
				access: 'secret',
				default: '00000000-0000-4000-8000-000000000000',
			}),
			// Comma-separated, the first is the default locale.
			AUDIO_REVIEWS_LOCALES: envField.string({
				context: 'server',
				access: 'secret',
				default: 'fr',
			}),
		},
	},
	integrations: [
		service.integration,
		audioReviews({ collection: 'products', layout: '/src/layouts/Shop.astro' }),
	],
	experimental: {
		incrementalBuild: true,
	},
});
