// @ts-check
/**
 * Points the demo at a service: the one named by AUDIO_REVIEWS_BASE_URL, or else the embedded
 * simulator on a fixed loopback port (AUDIO_REVIEWS_SIMULATOR_PORT, default 4390). The port is
 * fixed because the base URL is part of what the content store is kept for: on a new port every
 * build would start from an empty store and never show an incremental build. The content config
 * reads the resolved values from the environment, which is shared by the config and the content
 * layer in one `astro` process.
 */
import { startSimulator } from '../simulator/dist/index.js';

const DEFAULT_PORT = 4390;

/** @returns {Promise<{ integration: import('astro').AstroIntegration }>} */
export async function demoService() {
	if (process.env.AUDIO_REVIEWS_BASE_URL) return { integration: { name: 'demo-service', hooks: {} } };
	const locales = (process.env.AUDIO_REVIEWS_LOCALES || 'fr,en').split(',').map((locale) => locale.trim()).filter(Boolean);
	const port = Number(process.env.AUDIO_REVIEWS_SIMULATOR_PORT || DEFAULT_PORT);
	const simulator = await startSimulator({ products: 240, locales, seed: 7, port }).catch((error) => {
		if (error.code !== 'EADDRINUSE') throw error;
		throw new Error(`The demo's simulator cannot listen on port ${port}, which is taken: set AUDIO_REVIEWS_SIMULATOR_PORT to a free port (keep it from one build to the next so builds stay incremental).`);
	});
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
