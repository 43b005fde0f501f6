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

/**
 * The demo's catalogue: the simulator's default long tail of review counts, so the demo has, as
 * a real shop does, mostly products with a handful of reviews, some with tens, and one with
 * hundreds in both locales (`SKU-00087`: the screenshots show it).
 * @satisfies {import('../simulator/dist/index.js').SimulatorOptions}
 */
export const DEMO_CATALOGUE = { products: 240, seed: 7, avatars: /** @type {const} */ ('served') };

/** @returns {Promise<{ integration: import('astro').AstroIntegration }>} */
export async function demoService() {
	if (process.env.AUDIO_REVIEWS_BASE_URL)
		return { integration: { name: 'demo-service', hooks: {} } };
	const locales = (process.env.AUDIO_REVIEWS_LOCALES || 'fr,en')
		.split(',')
		.map((locale) => locale.trim())
		.filter(Boolean);
	const simulator = await startDemoSimulator(locales);
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

/**
 * On the fixed port, or, when the default port is taken (`astro check` beside `astro dev`), on a
 * free one with a warning: that run works but starts from an empty content store. It also serves
 * the authors' pictures the pages show (`avatars: 'served'`), so they load only while it runs:
 * `npm run screenshots` starts it itself and keeps it up while it photographs dist/.
 * @param {string[]} locales
 */
export async function startDemoSimulator(locales) {
	const chosen = process.env.AUDIO_REVIEWS_SIMULATOR_PORT;
	const port = Number(chosen || DEFAULT_PORT);
	/** @type {import('../simulator/dist/index.js').SimulatorOptions} */
	const options = { ...DEMO_CATALOGUE, locales };
	try {
		return await startSimulator({ ...options, port });
	} catch (error) {
		if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EADDRINUSE') throw error;
		if (chosen)
			throw new Error(
				`The demo's simulator cannot listen on port ${port} (AUDIO_REVIEWS_SIMULATOR_PORT), which is taken: choose a free port and keep it from one build to the next.`,
			);
		console.warn(
			`[demo] Port ${port} is taken (another build or dev server?): the simulator uses a free port, so this run starts from an empty content store. Set AUDIO_REVIEWS_SIMULATOR_PORT to another fixed port to keep builds incremental.`,
		);
		return startSimulator({ ...options, port: 0 });
	}
}
