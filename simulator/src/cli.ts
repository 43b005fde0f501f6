#!/usr/bin/env node
/**
 * Runs the simulator alone, e.g. to point the demo site or curl at it:
 *   npx audio-reviews-simulator --port 8787 --products 500 --locales fr,en \
 *     --error-rate 0.3 --latency 40 --max-limit 100 --adversarial
 * Prints the base URL and website id, then serves until SIGINT/SIGTERM.
 */
import { parseArgs } from 'node:util';
import { startSimulator, type SimulatorOptions } from './index.js';

const USAGE = `Usage: npx audio-reviews-simulator [options]
  --host <host>            listen address (default 127.0.0.1)
  --port <n>               port (default 0: a free one)
  --products <n>           generated products (default 300)
  --locales <a,b>          audio locales (default fr,en)
  --seed <n>               catalogue seed (default 1)
  --website-id <uuid>      website id (default the demo one)
  --website-name <name>    website name
  --reviews <n>            average audio items per product and locale (default 3)
  --adversarial            append the adversarial corpus
  --max-limit <n>          page-size cap (default 100)
  --no-conditional         no ETag/Last-Modified, never 304
  --error-rate <0..1>      fraction of 5xx answers
  --rate-limit-rate <0..1> fraction of 429 answers
  --retry-after <s|date>   Retry-After of 429s: seconds or "date" (default 1)
  --reset-rate <0..1>      fraction of connections reset
  --hang-rate <0..1>       fraction of requests never answered
  --latency <ms|min,max>   added to every response
  --outage <503|refuse>    start in an outage
  --fault-seed <n>         fault generator seed (default 42)
  --help`;

function main(): Promise<void> | void {
	const { values } = parseArgs({
		options: {
			host: { type: 'string' },
			port: { type: 'string' },
			products: { type: 'string' },
			locales: { type: 'string' },
			seed: { type: 'string' },
			'website-id': { type: 'string' },
			'website-name': { type: 'string' },
			reviews: { type: 'string' },
			adversarial: { type: 'boolean' },
			'max-limit': { type: 'string' },
			'no-conditional': { type: 'boolean' },
			'error-rate': { type: 'string' },
			'rate-limit-rate': { type: 'string' },
			'retry-after': { type: 'string' },
			'reset-rate': { type: 'string' },
			'hang-rate': { type: 'string' },
			latency: { type: 'string' },
			outage: { type: 'string' },
			'fault-seed': { type: 'string' },
			help: { type: 'boolean' },
		},
		strict: true,
	});
	if (values.help) return void console.log(USAGE);

	const num = (name: string, raw: string | undefined): number | undefined => {
		if (raw === undefined) return undefined;
		const value = Number(raw);
		if (raw.trim() === '' || !Number.isFinite(value)) throw new Error(`--${name} expects a number, got ${JSON.stringify(raw)}`);
		return value;
	};
	const options: SimulatorOptions = { port: num('port', values.port) ?? 0 };
	const set = <K extends keyof SimulatorOptions>(key: K, value: SimulatorOptions[K] | undefined) => {
		if (value !== undefined) options[key] = value;
	};
	set('host', values.host);
	set('products', num('products', values.products));
	set('locales', values.locales?.split(',').map((locale) => locale.trim()).filter(Boolean));
	set('seed', num('seed', values.seed));
	set('websiteId', values['website-id']);
	set('websiteName', values['website-name']);
	set('reviewsPerProduct', num('reviews', values.reviews));
	set('adversarial', values.adversarial);
	set('maxLimit', num('max-limit', values['max-limit']));
	if (values['no-conditional']) options.conditional = false;
	set('errorRate', num('error-rate', values['error-rate']));
	set('rateLimitRate', num('rate-limit-rate', values['rate-limit-rate']));
	const retryAfter = values['retry-after'];
	set('retryAfter', retryAfter === 'date' ? 'date' : num('retry-after', retryAfter));
	set('resetRate', num('reset-rate', values['reset-rate']));
	set('hangRate', num('hang-rate', values['hang-rate']));
	const latency = values.latency?.split(',').map((part) => num('latency', part)!);
	set('latencyMs', latency && (latency.length === 2 ? [latency[0]!, latency[1]!] : latency[0]));
	if (values.outage !== undefined) options.outage = values.outage === 'refuse' ? 'refuse' : true;
	set('faultSeed', num('fault-seed', values['fault-seed']));

	return startSimulator(options).then((sim) => {
		console.log(`Audio reviews service simulator: ${sim.refs().length} products (${sim.locales.join(', ')})`);
		console.log(`baseUrl   ${sim.baseUrl}`);
		console.log(`websiteId ${sim.websiteId}`);
		console.log(`try       ${sim.baseUrl}/ws/websites/${sim.websiteId}/products?limit=2&locale=${sim.locales[0] ?? 'fr'}`);
		const stop = () => {
			void sim.close().then(() => process.exit(0));
		};
		process.once('SIGINT', stop);
		process.once('SIGTERM', stop);
	});
}

try {
	await main();
} catch (error) {
	console.error(`simulator: ${(error as Error).message}\n\n${USAGE}`);
	process.exit(2);
}
