#!/usr/bin/env node
/**
 * Live serving benchmark (issue 6): the on-demand fixture (test/fixtures/on-demand) built
 * and served by @astrojs/node standalone, the service simulator with 40 ms latency, and
 * autocannon on loopback.
 *
 * - cached hits: a warmed set of on-demand product pages, requested round-robin (all HIT in
 *   Astro's memory route cache);
 * - misses: every request a product never requested before (distinct refs), so each one
 *   renders and asks the service;
 * - upstream requests per 1,000 page views over the cached phase (warm-up included), and the
 *   most upstream requests any one product cost within it (the run is shorter than max-age).
 *
 *   node bench/live.mjs [--smoke] [--json] [--verbose]
 *
 * Human-readable lines go to stderr; the last stdout line is one JSON object (with `--json`,
 * the only one): {"name":"live","cachedRps",…,"ratio"}. bench/run.mjs reads it.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startSimulator } from '../integration/dist/simulator/index.js';
import { buildSite, startServer } from './live/site.mjs';

const { values: args } = parseArgs({
	options: {
		smoke: { type: 'boolean', default: false },
		json: { type: 'boolean', default: false },
		verbose: { type: 'boolean', default: false },
	},
});

const config = args.smoke
	? { products: 400, warm: 40, hitSeconds: 3, missAmount: 200, hitConnections: 16, missConnections: 16 }
	: { products: 4000, warm: 200, hitSeconds: 10, missAmount: 2500, hitConnections: 32, missConnections: 32 };
const LATENCY_MS = 40;
// The list endpoint turns limit <= 0 into 50, so at least one product is pre-rendered; it is left out of the figures.
const TOP_N = 1;

const say = (line) => process.stderr.write(`${line}\n`);

const sim = await startSimulator({ products: config.products, seed: 3, latencyMs: LATENCY_MS });
let server;
try {
	const env = { AUDIO_REVIEWS_BASE_URL: sim.baseUrl, AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId, FIXTURE_TOP_N: String(TOP_N) };
	say(`live bench: ${config.products} products, service latency ${LATENCY_MS} ms${args.smoke ? ' (smoke)' : ''}`);
	const built = await buildSite(env, { verbose: args.verbose });
	say(`  built the on-demand fixture in ${(built.buildMs / 1000).toFixed(1)} s`);
	server = await startServer(built.dist, env);

	const refs = sim.refs().slice(TOP_N);
	const pathOf = (ref) => `/products/${encodeURIComponent(ref)}/`;
	const warmPaths = refs.slice(0, config.warm).map(pathOf);
	const missPaths = refs.slice(config.warm, config.warm + config.missAmount).map(pathOf);
	if (missPaths.length < config.missAmount) throw new Error(`catalogue too small: ${missPaths.length} fresh refs for ${config.missAmount} misses`);

	// Cached phase: warm every page once, then hammer them.
	sim.resetStats();
	for (const path of warmPaths) {
		const response = await fetch(`${server.url}${path}`);
		await response.arrayBuffer();
		if (response.status !== 200 || response.headers.get('x-astro-cache') !== 'MISS') {
			throw new Error(`warm-up of ${path}: HTTP ${response.status}, X-Astro-Cache ${response.headers.get('x-astro-cache')}\n${server.log().slice(-2000)}`);
		}
	}
	// A fixed request list, built once and cycled by every connection: a per-request callback
	// would spend the load generator's CPU, which shares the machine with the server.
	const hits = await autocannon({
		url: server.url,
		connections: config.hitConnections,
		duration: config.hitSeconds,
		requests: warmPaths.map((path) => ({ method: 'GET', path })),
	});
	const cachedViews = warmPaths.length + hits.requests.total;
	const cachedUpstream = sim.stats.total;
	const perProduct = Math.max(0, ...Object.values(sim.stats.byRef));
	checkClean('cached hits', hits);
	if (cachedUpstream !== warmPaths.length) throw new Error(`cached hits: ${cachedUpstream} upstream requests, expected only the ${warmPaths.length} of the warm-up`);

	// Misses: each request a product not seen before.
	sim.resetStats();
	let fresh = 0;
	const misses = await autocannon({
		url: server.url,
		connections: config.missConnections,
		amount: missPaths.length,
		// Here each request needs a path never asked before, so one is handed out per request
		// (autocannon reads setupRequest from the entries of `requests`, not from the top level).
		requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: missPaths[fresh++ % missPaths.length] }) }],
	});
	const missUpstream = sim.stats.total;
	checkClean('misses', misses);
	// Every miss must have cost exactly one single-product request, else the phase measured something else.
	if (sim.stats.single !== misses.requests.total) throw new Error(`misses: ${sim.stats.single} single-product requests for ${misses.requests.total} views`);

	const rps = (result) => result.requests.total / result.duration;
	const figures = {
		name: 'live',
		cachedRps: round(rps(hits), 1),
		missRps: round(rps(misses), 1),
		cachedP50Ms: hits.latency.p50,
		cachedP99Ms: hits.latency.p99,
		missP50Ms: misses.latency.p50,
		missP99Ms: misses.latency.p99,
		upstreamPer1000Views: round((cachedUpstream / cachedViews) * 1000, 2),
		ratio: round(rps(hits) / rps(misses), 1),
	};

	say(`  cached hits: ${figures.cachedRps} req/s, p50 ${figures.cachedP50Ms} ms, p99 ${figures.cachedP99Ms} ms (${hits.requests.total} requests over ${warmPaths.length} pages, ${config.hitConnections} connections)`);
	say(`  misses:      ${figures.missRps} req/s, p50 ${figures.missP50Ms} ms, p99 ${figures.missP99Ms} ms (${misses.requests.total} distinct products, ${config.missConnections} connections)`);
	say(`  ratio:       ${figures.ratio}x (target >= 20x) ${figures.ratio >= 20 ? 'met' : 'NOT met'}`);
	say(`  upstream:    ${cachedUpstream} requests for ${cachedViews} cached-phase views = ${figures.upstreamPer1000Views} per 1,000; at most ${perProduct} per product within one max-age window (target <= 1) ${perProduct <= 1 ? 'met' : 'NOT met'}`);
	say(`               misses: ${missUpstream} upstream requests for ${misses.requests.total} views`);

	if (!args.json) {
		console.log(`cached ${figures.cachedRps} req/s · misses ${figures.missRps} req/s · ratio ${figures.ratio}x · ${figures.upstreamPer1000Views} upstream per 1,000 views`);
	}
	console.log(JSON.stringify(figures));
} finally {
	await server?.close();
	await sim.close();
}

/** A run with errors or non-200 answers measures something else than pages: refuse to report it. */
function checkClean(label, result) {
	const bad = result.errors + result.timeouts + result.non2xx;
	if (bad > 0) throw new Error(`${label}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`);
}

function round(value, digits) {
	const factor = 10 ** digits;
	return Math.round(value * factor) / factor;
}
