#!/usr/bin/env node
/**
 * The visitor's deadline under a slow service: the on-demand fixture served by
 * @astrojs/node standalone with the live loader's defaults (concurrency 6, an 8 s budget), the
 * simulator answering in 2 s, and 100 visitors asking at once for 100 uncached product pages, so
 * most of them queue. Each visitor must have an answer (200, or 503 at the deadline) within the
 * budget; cached pages, asked throughout, must not slow down.
 *
 *   node bench/live-deadline.mjs [--json] [--verbose]
 *
 * Human-readable lines go to stderr; the last stdout line is one JSON object:
 * {"name":"live-deadline","latencyMs","concurrency","budgetMs","visitors","served","shed","p50Ms","p95Ms","maxMs",
 *  "upstream","cachedIdleP95Ms","cachedStormP95Ms"}.
 */
import { parseArgs } from 'node:util';
import { startSimulator } from '../simulator/dist/index.js';
import { buildSite, startServer } from './live/site.mjs';

const { values: args } = parseArgs({
	options: {
		json: { type: 'boolean', default: false },
		verbose: { type: 'boolean', default: false },
	},
});

const LATENCY_MS = 2000;
const CONCURRENCY = 6;
const BUDGET_MS = 8000;
const VISITORS = 100;
const CACHED_PAGES = 10;
const TOP_N = 1;
const say = (line) => process.stderr.write(`${line}\n`);

const sim = await startSimulator({ products: 400, seed: 5 });
let server;
try {
	const env = {
		AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
		FIXTURE_TOP_N: String(TOP_N),
		FIXTURE_CONCURRENCY: String(CONCURRENCY),
		FIXTURE_RETRY_BUDGET_MS: String(BUDGET_MS),
	};
	say(
		`live deadline bench: service latency ${LATENCY_MS} ms, concurrency ${CONCURRENCY}, budget ${BUDGET_MS} ms, ${VISITORS} cold visitors`,
	);
	const built = await buildSite(env, { verbose: args.verbose });
	server = await startServer(built.dist, env);
	const refs = sim.refs().slice(TOP_N);
	const pathOf = (ref) => `/products/${encodeURIComponent(ref)}/`;
	const cached = refs.slice(0, CACHED_PAGES).map(pathOf);
	const cold = refs.slice(CACHED_PAGES, CACHED_PAGES + VISITORS).map(pathOf);
	for (const path of cached) await timed(path);

	const idle = await cachedLoop(cached, () => false, 200);
	await sim.setFaults({ latencyMs: LATENCY_MS });
	sim.resetStats();
	let storming = true;
	const storm = Promise.all(cold.map((path) => timed(path))).finally(() => {
		storming = false;
	});
	const during = await cachedLoop(cached, () => storming, Infinity);
	const visitors = await storm;
	const upstream = sim.stats.total;
	const served = visitors.filter((v) => v.status === 200).length;
	const shed = visitors.filter((v) => v.status === 503).length;
	if (served + shed !== VISITORS)
		throw new Error(
			`unexpected statuses: ${visitors.map((v) => v.status).join(' ')}\n${server.log().slice(-2000)}`,
		);
	if (during.some((v) => v.status !== 200))
		throw new Error('a cached page failed during the storm');
	const ms = visitors.map((v) => v.ms);
	const result = {
		name: 'live-deadline',
		latencyMs: LATENCY_MS,
		concurrency: CONCURRENCY,
		budgetMs: BUDGET_MS,
		visitors: VISITORS,
		served,
		shed,
		p50Ms: round(percentile(ms, 50)),
		p95Ms: round(percentile(ms, 95)),
		maxMs: round(Math.max(...ms)),
		upstream,
		cachedIdleP95Ms: round(
			percentile(
				idle.map((v) => v.ms),
				95,
			),
		),
		cachedStormP95Ms: round(
			percentile(
				during.map((v) => v.ms),
				95,
			),
		),
		cachedStormRequests: during.length,
	};
	say(
		`  cold: ${served} served, ${shed} × 503 at the deadline; p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, max ${result.maxMs} ms; ${upstream} upstream requests`,
	);
	say(
		`  cached pages: p95 ${result.cachedIdleP95Ms} ms idle, ${result.cachedStormP95Ms} ms during the storm (${during.length} requests)`,
	);
	process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
	await server?.close();
	await sim.close();
}

async function timed(path) {
	const started = performance.now();
	const response = await fetch(`${server.url}${path}`);
	await response.arrayBuffer();
	return { status: response.status, ms: performance.now() - started };
}

/** Cached pages asked one after the other, round-robin, while `going()` (at least `count` of them when idle). */
async function cachedLoop(paths, going, count) {
	const results = [];
	for (let i = 0; i < count && (count !== Infinity || going()); i++)
		results.push(await timed(paths[i % paths.length]));
	return results;
}

function percentile(values, p) {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function round(ms) {
	return Math.round(ms);
}
