#!/usr/bin/env node
/**
 * Live serving benchmark: the on-demand fixture (test/fixtures/on-demand) built
 * and served by @astrojs/node standalone, the service simulator with 40 ms latency, and
 * autocannon on loopback.
 *
 * - cached hits: a warmed set of on-demand product pages, requested round-robin (all HIT in
 *   Astro's memory route cache);
 * - misses: every request a product never requested before (distinct refs), so each one
 *   renders and asks the service;
 * - upstream requests per 1,000 page views over the cached phase (warm-up included), and the
 *   most upstream requests any one product cost within it (the run is shorter than max-age);
 * - through a CDN: Varnish (Debian's varnishd, builtin VCL, so only the pages' Cache-Control
 *   decides) in front of the same server, with the same connections: cached hits (the same
 *   pages, warmed through Varnish first) and misses (other never-requested products). Skipped,
 *   with the reason in `cdnSkipped`, where varnishd is not installed (`apt-get install varnish`).
 *
 *   node bench/live.mjs [--smoke] [--json] [--verbose]
 *
 * Human-readable lines go to stderr; the last stdout line is one JSON object (with `--json`,
 * the only one): {"name":"live","cachedRps",…,"ratio","cdnHitRps",…,"cdnRatio",…}. bench/run.mjs
 * reads it.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startSimulator } from '../simulator/dist/index.js';
import { buildSite, startServer } from './live/site.mjs';
import { settledCounters, startVarnish, varnishMissing } from './live/varnish.mjs';

const { values: args } = parseArgs({
	options: {
		smoke: { type: 'boolean', default: false },
		json: { type: 'boolean', default: false },
		verbose: { type: 'boolean', default: false },
	},
});

const config = args.smoke
	? {
			products: 600,
			warm: 40,
			hitSeconds: 1,
			missAmount: 200,
			hitConnections: 16,
			missConnections: 16,
		}
	: {
			products: 6000,
			warm: 200,
			hitSeconds: 10,
			missAmount: 2500,
			hitConnections: 32,
			missConnections: 32,
		};
const LATENCY_MS = 40;
// The list endpoint turns limit <= 0 into 50, so at least one product is pre-rendered; it is left out of the figures.
const TOP_N = 1;

const say = (line) => process.stderr.write(`${line}\n`);

const sim = await startSimulator({ products: config.products, seed: 3, latencyMs: LATENCY_MS });
let server;
let cdn;
try {
	const env = {
		AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
		FIXTURE_TOP_N: String(TOP_N),
	};
	say(
		`live bench: ${config.products} products, service latency ${LATENCY_MS} ms${args.smoke ? ' (smoke)' : ''}`,
	);
	const built = await buildSite(env, { verbose: args.verbose });
	say(`  built the on-demand fixture in ${(built.buildMs / 1000).toFixed(1)} s`);
	server = await startServer(built.dist, env);

	const refs = sim.refs().slice(TOP_N);
	const pathOf = (ref) => `/products/${encodeURIComponent(ref)}/`;
	const warmPaths = refs.slice(0, config.warm).map(pathOf);
	const missPaths = refs.slice(config.warm, config.warm + config.missAmount).map(pathOf);
	// Other never-requested products for the misses through the CDN.
	const cdnMissPaths = refs
		.slice(config.warm + config.missAmount, config.warm + 2 * config.missAmount)
		.map(pathOf);
	if (cdnMissPaths.length < config.missAmount)
		throw new Error(
			`catalogue too small: ${cdnMissPaths.length} fresh refs for ${config.missAmount} misses through the CDN`,
		);

	// Cached phase: warm every page once, then hammer them.
	sim.resetStats();
	for (const path of warmPaths) {
		const response = await fetch(`${server.url}${path}`);
		await response.arrayBuffer();
		if (response.status !== 200 || response.headers.get('x-astro-cache') !== 'MISS') {
			throw new Error(
				`warm-up of ${path}: HTTP ${response.status}, X-Astro-Cache ${response.headers.get('x-astro-cache')}\n${server.log().slice(-2000)}`,
			);
		}
	}
	const hits = await hitPhase('cached hits', server.url, warmPaths);
	const cachedViews = warmPaths.length + hits.requests.total;
	const cachedUpstream = sim.stats.total;
	const perProduct = Math.max(0, ...Object.values(sim.stats.byRef));
	if (cachedUpstream !== warmPaths.length)
		throw new Error(
			`cached hits: ${cachedUpstream} upstream requests, expected only the ${warmPaths.length} of the warm-up`,
		);

	// Misses: each request a product not seen before.
	const misses = await missPhase('misses', server.url, missPaths);
	const missUpstream = sim.stats.total;

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

	say(
		`  cached hits: ${figures.cachedRps} req/s, p50 ${figures.cachedP50Ms} ms, p99 ${figures.cachedP99Ms} ms (${hits.requests.total} requests over ${warmPaths.length} pages, ${config.hitConnections} connections)`,
	);
	say(
		`  misses:      ${figures.missRps} req/s, p50 ${figures.missP50Ms} ms, p99 ${figures.missP99Ms} ms (${misses.requests.total} distinct products, ${config.missConnections} connections)`,
	);
	say(
		`  ratio:       ${figures.ratio}x (target >= 20x) ${figures.ratio >= 20 ? 'met' : 'NOT met'}`,
	);
	say(
		`  upstream:    ${cachedUpstream} requests for ${cachedViews} cached-phase views = ${figures.upstreamPer1000Views} per 1,000; at most ${perProduct} per product within one max-age window (target <= 1) ${perProduct <= 1 ? 'met' : 'NOT met'}`,
	);
	say(
		`               misses: ${missUpstream} upstream requests for ${misses.requests.total} views`,
	);

	const missing = varnishMissing();
	if (missing) {
		figures.cdnSkipped = missing;
		say(`  cdn:         not measured: ${missing}`);
	} else {
		cdn = await startVarnish(server.url, { storage: '256m' });
		Object.assign(figures, await cdnPhases(cdn, warmPaths, cdnMissPaths, rps(misses)));
	}

	if (!args.json) {
		// Widened: the CDN phase adds its fields with Object.assign above.
		const all = /** @type {Record<string, unknown>} */ (figures);
		const viaCdn =
			all.cdnRatio === undefined
				? ''
				: ` · through Varnish: hits ${all.cdnHitRps} req/s · misses ${all.cdnMissRps} req/s · ratio ${all.cdnRatio}x`;
		console.log(
			`cached ${figures.cachedRps} req/s · misses ${figures.missRps} req/s · ratio ${figures.ratio}x · ${figures.upstreamPer1000Views} upstream per 1,000 views${viaCdn}`,
		);
	}
	console.log(JSON.stringify(figures));
} finally {
	await cdn?.close();
	await server?.close();
	await sim.close();
}

/**
 * The same two measurements through Varnish in front of the same server. Cached hits: the warm
 * pages, requested once through Varnish (Varnish misses; Varnish forwards the visitor's Host, which
 * is part of Astro's route cache key, so Astro renders them again: at most one upstream request
 * each), then hammered as in the cached phase; neither the service nor the origin may see a
 * request then. Misses: never-requested products, each one a Varnish miss, an Astro miss and one
 * single-product request.
 */
async function cdnPhases(cdn, warmPaths, missPaths, directMissRps) {
	sim.resetStats();
	for (const path of warmPaths) {
		const response = await fetch(`${cdn.url}${path}`);
		await response.arrayBuffer();
		const ids = (response.headers.get('x-varnish') ?? '').trim().split(/\s+/);
		if (response.status !== 200 || ids.length !== 1)
			throw new Error(
				`cdn warm-up of ${path}: HTTP ${response.status}, X-Varnish ${response.headers.get('x-varnish')}\n${cdn.log().slice(-2000)}`,
			);
	}
	const warmUpstream = sim.stats.total;
	if (warmUpstream > warmPaths.length)
		throw new Error(`cdn warm-up: ${warmUpstream} upstream requests for ${warmPaths.length} pages`);
	const before = await settledCounters(cdn, () => true);
	const hits = await hitPhase('cdn hits', cdn.url, warmPaths);
	const hitUpstream = sim.stats.total - warmUpstream;
	// Varnish sums its counters per worker thread, a moment after the requests: wait for them.
	const after = await settledCounters(
		cdn,
		(c) => c.cacheHit - before.cacheHit >= hits.requests.total,
	);
	const originRequests = after.backendReq - before.backendReq;
	if (hitUpstream !== 0 || originRequests !== 0)
		throw new Error(
			`cdn hits: ${hitUpstream} upstream and ${originRequests} origin requests after the warm-up, expected none`,
		);

	const misses = await missPhase('cdn misses', cdn.url, missPaths);
	const round1 = (value) => round(value, 1);
	const cdnFigures = {
		cdnHitRps: round1(rps(hits)),
		cdnMissRps: round1(rps(misses)),
		cdnHitP50Ms: hits.latency.p50,
		cdnHitP99Ms: hits.latency.p99,
		cdnMissP50Ms: misses.latency.p50,
		cdnMissP99Ms: misses.latency.p99,
		cdnRatio: round1(rps(hits) / rps(misses)),
		cdnRatioVsDirectMisses: round1(rps(hits) / directMissRps),
		cdnWarmUpstream: warmUpstream,
		cdnUpstream: hitUpstream,
		cdnOriginRequests: originRequests,
		cdnHitCount: hits.requests.total,
		cdnVersion: cdn.version,
	};
	say(`  cdn (${cdn.version}, builtin VCL, in front of the same server):`);
	say(
		`    hits:      ${cdnFigures.cdnHitRps} req/s, p50 ${cdnFigures.cdnHitP50Ms} ms, p99 ${cdnFigures.cdnHitP99Ms} ms (${hits.requests.total} requests over ${warmPaths.length} pages, ${config.hitConnections} connections)`,
	);
	say(
		`    misses:    ${cdnFigures.cdnMissRps} req/s, p50 ${cdnFigures.cdnMissP50Ms} ms, p99 ${cdnFigures.cdnMissP99Ms} ms (${misses.requests.total} distinct products, ${config.missConnections} connections)`,
	);
	say(
		`    ratio:     ${cdnFigures.cdnRatio}x against misses through the CDN, ${cdnFigures.cdnRatioVsDirectMisses}x against direct misses (target >= 20x) ${cdnFigures.cdnRatio >= 20 ? 'met' : 'NOT met'}`,
	);
	say(
		`    upstream:  ${warmUpstream} requests for the ${warmPaths.length} warm-up views, then ${hitUpstream} upstream and ${originRequests} origin requests (Varnish backend fetches) for ${hits.requests.total} hits`,
	);
	return cdnFigures;
}

/** The warm pages, over and over, for `config.hitSeconds`. */
async function hitPhase(label, url, paths) {
	// A fixed request list, built once and cycled by every connection: a per-request callback
	// would spend the load generator's CPU, which shares the machine with the server.
	const result = await autocannon({
		url,
		connections: config.hitConnections,
		duration: config.hitSeconds,
		requests: paths.map((path) => ({ method: 'GET', path })),
	});
	checkClean(label, result);
	return result;
}

/** Every request a product never requested before, each handed out once. */
async function missPhase(label, url, paths) {
	sim.resetStats();
	let fresh = 0;
	const result = await autocannon({
		url,
		connections: config.missConnections,
		amount: paths.length,
		// Here each request needs a path never asked before, so one is handed out per request
		// (autocannon reads setupRequest from the entries of `requests`, not from the top level).
		requests: [
			{
				method: 'GET',
				setupRequest: (request) => ({ ...request, path: paths[fresh++ % paths.length] }),
			},
		],
	});
	checkClean(label, result);
	// Every miss must have cost exactly one single-product request, else the phase measured something else.
	if (sim.stats.single !== result.requests.total)
		throw new Error(
			`${label}: ${sim.stats.single} single-product requests for ${result.requests.total} views`,
		);
	return result;
}

function rps(result) {
	return result.requests.total / result.duration;
}

/** A run with errors or non-200 answers measures something else than pages: refuse to report it. */
function checkClean(label, result) {
	const bad = result.errors + result.timeouts + result.non2xx;
	if (bad > 0)
		throw new Error(
			`${label}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`,
		);
}

function round(value, digits) {
	const factor = 10 ** digits;
	return Math.round(value * factor) / factor;
}
