#!/usr/bin/env node
/**
 * What the metrics cost (docs/on-demand.md, "Metrics"): the on-demand fixture built once (its
 * in-memory route cache), served by one `@astrojs/node` process started either with the docs'
 * `instrumentation.mjs` (the OpenTelemetry SDK and its Prometheus exporter registered) or as in a
 * site without `@opentelemetry/api` (bench/live/without-otel-api.mjs hides the package). The
 * simulator answers in 40 ms; autocannon on loopback. The two run side by side, at the same
 * time with the same connections, round after round with fresh products: both see the same
 * machine, whatever else it runs.
 *
 *   node bench/live-metrics.mjs [--smoke] [--json]
 *
 * Measures cached hits/s and misses/s (each a render and one request to the service) of each,
 * their medians over the rounds and the ratios (with / without). Human-readable lines go to
 * stderr; the last stdout line is one JSON object: {"name":"live-metrics", …}.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startSimulator } from '../simulator/dist/index.js';
import { buildSite, freePort, REPO, startServer } from './live/site.mjs';

const { values: args } = parseArgs({
	options: {
		json: { type: 'boolean', default: false },
		smoke: { type: 'boolean', default: false },
	},
});
/** The simulator's latency per request: a miss waits for at least one. */
const LATENCY_MS = 40;
const connections = 20;
const missSeconds = args.smoke ? 1 : 8;
const config = {
	hitSeconds: args.smoke ? 1 : 8,
	connections,
	warm: args.smoke ? 20 : 100,
	missSeconds,
	/**
	 * Never-asked products per process and round: more than its misses can reach however fast the
	 * machine, since each connection's miss waits for the simulator's latency at least once.
	 */
	misses: Math.ceil((1.25 * connections * missSeconds * 1000) / LATENCY_MS),
	rounds: args.smoke ? 1 : 5,
};
const VARIANTS = ['without', 'with'];
const say = (line) => process.stderr.write(`${line}\n`);
const pathOf = (ref) => `/products/${encodeURIComponent(ref)}/`;

/** The `instrumentation.mjs` recipe of docs/on-demand.md, as written. */
async function instrumentationRecipe() {
	const docs = await readFile(join(REPO, 'docs/on-demand.md'), 'utf8');
	const recipe = /```js title="instrumentation\.mjs"[^\n]*\n([\s\S]*?)```/.exec(docs)?.[1];
	if (!recipe) throw new Error('docs/on-demand.md has no instrumentation.mjs recipe');
	return recipe;
}

const perRound = config.warm + config.misses;
const sim = await startSimulator({
	products: 10 + config.rounds * VARIANTS.length * perRound,
	seed: 47,
	latencyMs: LATENCY_MS,
});
try {
	const env = {
		AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
		FIXTURE_TOP_N: '1',
	};
	const built = await buildSite(env);
	const instrumentation = join(dirname(built.dist), 'instrumentation.mjs');
	await writeFile(instrumentation, await instrumentationRecipe());
	const refs = sim.refs().slice(1);
	const rounds = [];
	for (let round = 1; round <= config.rounds; round++) {
		const paths = (index) => {
			const start = ((round - 1) * VARIANTS.length + index) * perRound;
			return refs.slice(start, start + perRound).map(pathOf);
		};
		const servers = await Promise.all(
			VARIANTS.map((variant) => startVariant(variant, built.dist, env, instrumentation)),
		);
		try {
			const figures = await measureSideBySide(servers, [paths(0), paths(1)]);
			for (const [index, variant] of VARIANTS.entries()) {
				rounds.push({ variant, round, ...figures[index] });
				say(
					`  ${variant} the SDK, round ${round}: hits ${figures[index].hitRps} req/s, misses ${figures[index].missRps} req/s`,
				);
			}
		} finally {
			await Promise.all(servers.map((server) => server.close()));
		}
	}
	const median = (variant, key) => {
		const values = rounds
			.filter((r) => r.variant === variant)
			.map((r) => r[key])
			.sort((a, b) => a - b);
		const middle = Math.floor(values.length / 2);
		return values.length % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
	};
	const round1 = (value) => Math.round(value * 10) / 10;
	const figures = {
		name: 'live-metrics',
		hitRpsWithout: round1(median('without', 'hitRps')),
		hitRpsWith: round1(median('with', 'hitRps')),
		missRpsWithout: round1(median('without', 'missRps')),
		missRpsWith: round1(median('with', 'missRps')),
		config,
		rounds,
	};
	// Each round's two figures were measured at the same time: their ratio is the paired figure.
	const pairedRatio = (key) => {
		const ratios = [];
		for (let round = 1; round <= config.rounds; round++) {
			const of = (variant) => rounds.find((r) => r.round === round && r.variant === variant)[key];
			ratios.push(of('with') / of('without'));
		}
		ratios.sort((a, b) => a - b);
		const middle = Math.floor(ratios.length / 2);
		const median = ratios.length % 2 ? ratios[middle] : (ratios[middle - 1] + ratios[middle]) / 2;
		return Math.round(median * 1000) / 1000;
	};
	figures.missRatio = pairedRatio('missRps');
	figures.hitRatio = pairedRatio('hitRps');
	figures.recordUsPerMiss = await recordCost();
	say(`  recording one miss (a request and a load) costs ${figures.recordUsPerMiss} µs`);
	say(
		`live metrics: misses ${figures.missRpsWith} req/s with the SDK, ${figures.missRpsWithout} without (${figures.missRatio}); hits ${figures.hitRpsWith} / ${figures.hitRpsWithout} (${figures.hitRatio})`,
	);
	console.log(JSON.stringify(figures));
} finally {
	await sim.close();
}

/**
 * What recording one miss costs in CPU, away from any load generator: the SDK registered in this
 * process, the package's own record functions (a request to the service and a live load).
 */
async function recordCost() {
	const { metrics } = await import('@opentelemetry/api');
	const { MeterProvider, MetricReader } = await import('@opentelemetry/sdk-metrics');
	class Reader extends MetricReader {
		async onShutdown() {}
		async onForceFlush() {}
	}
	const provider = new MeterProvider({ readers: [new Reader()] });
	metrics.setGlobalMeterProvider(provider);
	const instruments = await import('../integration/dist/metrics/instruments.js');
	const request = {
		baseUrl: 'http://127.0.0.1:4321',
		template: '/ws/websites/{websiteId}/products/{productRef}',
		seconds: 0.04,
		status: 200,
	};
	const miss = () => {
		instruments.recordClientRequest(request);
		instruments.recordLoad('ok', false);
	};
	miss();
	// The first record waits for the API's import; the rest are synchronous.
	await new Promise((resolve) => setTimeout(resolve, 100));
	const times = 200_000;
	for (let i = 0; i < times / 10; i++) miss();
	const started = performance.now();
	for (let i = 0; i < times; i++) miss();
	const us = ((performance.now() - started) * 1000) / times;
	await provider.shutdown();
	return Math.round(us * 100) / 100;
}

/** One server process of a variant, with the SDK registered or the API hidden. */
async function startVariant(variant, dist, env, instrumentation) {
	const metricsPort = await freePort();
	const hook = variant === 'with' ? instrumentation : join(REPO, 'bench/live/without-otel-api.mjs');
	const server = await startServer(
		dist,
		{
			...env,
			OTEL_EXPORTER_PROMETHEUS_HOST: '127.0.0.1',
			OTEL_EXPORTER_PROMETHEUS_PORT: String(metricsPort),
		},
		{ nodeArgs: ['--import', pathToFileURL(hook).href] },
	);
	return Object.assign(server, { variant, metricsPort });
}

/**
 * Both processes loaded at the same time, with the same connections: whatever else the machine
 * runs weighs on both alike. Warm pages hammered, then never-asked products, each once.
 */
async function measureSideBySide(servers, paths) {
	const warm = paths.map((list) => list.slice(0, config.warm));
	for (const [index, server] of servers.entries())
		for (const path of warm[index]) {
			const response = await fetch(`${server.url}${path}`);
			await response.arrayBuffer();
			if (response.status !== 200) throw new Error(`warm-up of ${path}: HTTP ${response.status}`);
		}
	const hammer = (server, index, duration) =>
		autocannon({
			url: server.url,
			connections: config.connections,
			duration,
			requests: warm[index].map((path) => ({ method: 'GET', path })),
		});
	// Unmeasured: the first second of a process is its JIT's, the same for both.
	await Promise.all(servers.map((server, index) => hammer(server, index, 1)));
	const hits = await Promise.all(
		servers.map((server, index) => hammer(server, index, config.hitSeconds)),
	);
	const misses = await Promise.all(
		servers.map((server, index) => {
			const fresh = paths[index].slice(config.warm);
			let next = 0;
			// For the same time as the other, each request a product never asked before.
			return autocannon({
				url: server.url,
				connections: config.connections,
				duration: config.missSeconds,
				requests: [
					{
						method: 'GET',
						setupRequest: (request) => {
							if (next >= fresh.length) throw new Error('bench: out of never-asked products');
							return { ...request, path: fresh[next++] };
						},
					},
				],
			});
		}),
	);
	return Promise.all(
		servers.map(async (server, index) => {
			checkClean(`${server.variant}: hits`, hits[index]);
			checkClean(`${server.variant}: misses`, misses[index]);
			const renders = config.warm + misses[index].requests.total;
			await checkVariant(server.variant, server, server.metricsPort, renders);
			const seconds = (result) => (result.finish.getTime() - result.start.getTime()) / 1000;
			const rps = (result) => Math.round((10 * result.requests.total) / seconds(result)) / 10;
			return {
				hitRps: rps(hits[index]),
				missRps: rps(misses[index]),
				hitP99Ms: hits[index].latency.p99,
				missP99Ms: misses[index].latency.p99,
			};
		}),
	);
}

/** With the SDK every render's request is in the exporter; without, the API was not importable. */
async function checkVariant(variant, server, metricsPort, renders) {
	if (variant === 'without') {
		if (!server.log().includes('@opentelemetry/api not importable'))
			throw new Error(`without: @opentelemetry/api was importable:\n${server.log().slice(-2000)}`);
		return;
	}
	const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
	const recorded = [...text.matchAll(/^http_client_request_duration_count\{.*\} (\d+)$/gm)]
		.map((match) => Number(match[1]))
		.reduce((sum, count) => sum + count, 0);
	if (recorded < renders)
		throw new Error(`with: ${recorded} requests recorded for ${renders} renders:\n${text}`);
}

/** A run with errors or non-200 answers measures something else than pages: refuse to report it. */
function checkClean(label, result) {
	const bad = result.errors + result.timeouts + result.non2xx;
	if (bad > 0)
		throw new Error(
			`${label}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`,
		);
}
