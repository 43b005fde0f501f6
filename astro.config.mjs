// @ts-check
import { defineConfig } from 'astro/config';
import audioReviews from './integration/dist/entries/integration.js';
import { demoService } from './src/demo-service.mjs';

// With no AUDIO_REVIEWS_* variables the build talks to the embedded simulator, started here
// and stopped when the build ends: `npm run build` needs no network.
const service = await demoService();

export default defineConfig({
	site: 'https://demo.audio-reviews.example',
	integrations: [
		service.integration,
		audioReviews({ collection: 'products', layout: '/src/layouts/Shop.astro' }),
	],
	experimental: {
		incrementalBuild: true,
	},
});
