// @ts-check
/**
 * Points the demo at a service: the one named by AUDIO_REVIEWS_BASE_URL, or else the embedded
 * simulator on a free loopback port. The content config reads the resolved values from the
 * environment, which is shared by the config and the content layer in one `astro` process.
 */
import { startSimulator } from '../simulator/dist/index.js';

/** @returns {Promise<{ integration: import('astro').AstroIntegration }>} */
export async function demoService() {
	if (process.env.AUDIO_REVIEWS_BASE_URL) return { integration: { name: 'demo-service', hooks: {} } };
	const locales = (process.env.AUDIO_REVIEWS_LOCALES || 'fr,en').split(',').map((locale) => locale.trim()).filter(Boolean);
	const simulator = await startSimulator({ products: 240, locales, seed: 7 });
	// The simulator must never keep `astro sync` or `astro check` alive once their work is done.
	simulator.unref();
	process.env.AUDIO_REVIEWS_BASE_URL = simulator.baseUrl;
	process.env.AUDIO_REVIEWS_WEBSITE_ID ||= simulator.websiteId;
	process.env.AUDIO_REVIEWS_LOCALES ||= locales.join(',');
	const stop = async () => simulator.close();
	return {
		integration: {
			name: 'demo-service',
			hooks: { 'astro:build:done': stop, 'astro:server:done': stop },
		},
	};
}
