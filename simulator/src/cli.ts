#!/usr/bin/env node
/**
 * The `audio-reviews-simulator` bin: the simulated service alone, for a site's own tests or curl:
 *   npx audio-reviews-simulator --port 8686 --products 500 --locales fr,en --control
 * Prints the base URL and website id, then serves until SIGINT/SIGTERM.
 */
import { parseCliArgs, USAGE } from './cli-options.js';
import { CONTROL_PREFIX } from './control.js';
import { type SimulatorOptions, startSimulator } from './simulator.js';

async function serve(options: SimulatorOptions): Promise<void> {
	const sim = await startSimulator(options);
	console.log(
		`Audio reviews service simulator: ${sim.refs().length} products (${sim.locales.join(', ')})`,
	);
	console.log(`baseUrl   ${sim.baseUrl}`);
	console.log(`websiteId ${sim.websiteId}`);
	console.log(
		`try       ${sim.baseUrl}/ws/websites/${sim.websiteId}/products?limit=2&locale=${sim.locales[0] ?? 'fr'}`,
	);
	if (options.control) console.log(`control   ${sim.baseUrl}${CONTROL_PREFIX}`);
	const stop = () => void sim.close().then(() => process.exit(0));
	process.once('SIGINT', stop);
	process.once('SIGTERM', stop);
}

try {
	const request = parseCliArgs(process.argv.slice(2));
	if (request.help) console.log(USAGE);
	else await serve(request.options);
} catch (error) {
	const { code, message } = error as NodeJS.ErrnoException;
	const hint =
		code === 'EADDRINUSE'
			? 'the port is taken: pass --port <n>, or --port 0 for a free one'
			: USAGE;
	console.error(`audio-reviews-simulator: ${message}\n\n${hint}`);
	process.exit(2);
}
