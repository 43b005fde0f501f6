#!/usr/bin/env node
/**
 * Several server processes behind Varnish nodes (`cacheVarnish()`, docs/on-demand.md "Several
 * server processes"): the on-demand fixture built once, started as two processes, in front of
 * them two Varnish nodes running the docs' site VCL (round robin over both) and a third over one
 * process only. The simulator answers in 40 ms.
 *
 *   node bench/live-nodes.mjs [--smoke] [--json]
 *
 * Measures: cached hits/s and misses/s (each a render) through a node over one process and over
 * two; webhook-to-fresh latency on every node over `purges` purges (the webhook's call, then each
 * node asked until it serves the new name); upstream requests per 1,000 views spread over both
 * nodes, the pages cold at first. Human-readable lines go to stderr; the last stdout line is one
 * JSON object: {"name":"live-nodes", …}.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startSimulator } from '../simulator/dist/index.js';
import { docsSiteVcl } from './live/nodes.mjs';
import { buildSite, freePort, startServer } from './live/site.mjs';
import { startVarnish, varnishMissing } from './live/varnish.mjs';

const { values: args } = parseArgs({
	options: {
		json: { type: 'boolean', default: false },
		smoke: { type: 'boolean', default: false },
	},
});
const smoke = args.smoke;
const config = {
	hitSeconds: smoke ? 1 : 8,
	connections: 20,
	misses: smoke ? 60 : 300,
	rounds: smoke ? 1 : 3,
	purges: smoke ? 10 : 100,
	// Pages warmed for the hits (each a render first, one at a time); views of cold pages.
	warmPages: smoke ? 20 : 100,
	views: smoke ? 200 : 1000,
	viewPages: smoke ? 20 : 100,
};
const SECRET = 'bench-webhook-secret-0123456789';
const PURGE_SECRET = 'bench-purge-secret-0123456789';
const say = (line) => process.stderr.write(`${line}\n`);
const pathOf = (ref) => `/products/${encodeURIComponent(ref)}/`;

const missing = varnishMissing();
if (missing) throw new Error(`bench/live-nodes.mjs needs Varnish: ${missing}`);
const sim = await startSimulator({
	products: 600 + config.rounds * 2 * (config.warmPages + config.misses),
	seed: 38,
	latencyMs: 40,
});
const closers = [];
try {
	const env = {
		AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
		FIXTURE_TOP_N: '1',
		FIXTURE_ROUTE_CACHE: 'varnish',
	};
	const built = await buildSite(env);
	const ports = [await freePort(), await freePort(), await freePort()];
	const nodesEnv = {
		...env,
		AUDIO_REVIEWS_CACHE_NODES: ports.map((port) => `http://127.0.0.1:${port}`).join(','),
		AUDIO_REVIEWS_PURGE_SECRET: PURGE_SECRET,
		AUDIO_REVIEWS_WEBHOOK_SECRET: SECRET,
	};
	const processes = [
		await startServer(built.dist, nodesEnv),
		await startServer(built.dist, nodesEnv),
	];
	closers.push(...processes);
	const urls = processes.map((process) => process.url);
	const varnishEnv = { AUDIO_REVIEWS_PURGE_SECRET: PURGE_SECRET };
	const [nodeA, nodeB, single] = await Promise.all([
		startVarnish(urls[0], { vcl: docsSiteVcl(urls), port: ports[0], env: varnishEnv }),
		startVarnish(urls[0], { vcl: docsSiteVcl(urls), port: ports[1], env: varnishEnv }),
		startVarnish(urls[0], { vcl: docsSiteVcl(urls.slice(0, 1)), port: ports[2], env: varnishEnv }),
	]);
	closers.push(nodeA, nodeB, single);
	const refs = sim.refs().slice(1);
	let next = 0;
	const take = (n) => {
		const taken = refs.slice(next, next + n);
		next += n;
		return taken;
	};

	// Rounds alternate one process and two, and each figure is the median of its rounds: on a
	// machine shared with other work, load drifts during a run and would favour whichever ran first.
	const samples = { 'one process': [], 'two processes': [] };
	for (let round = 0; round < config.rounds; round++)
		for (const [label, node] of [
			['one process', single],
			['two processes', nodeA],
		]) {
			const warm = take(config.warmPages).map(pathOf);
			for (const path of warm) await get(node.url, path);
			const hits = await load(node.url, { duration: config.hitSeconds, paths: warm });
			const misses = await load(node.url, {
				amount: config.misses,
				paths: take(config.misses).map(pathOf),
			});
			samples[label].push({ hitRps: rps(hits), missRps: rps(misses), hitP99Ms: hits.latency.p99 });
			say(
				`  ${label}, round ${round + 1}: hits ${Math.round(rps(hits))} req/s (p99 ${hits.latency.p99} ms), misses ${Math.round(rps(misses))} req/s`,
			);
		}
	const through = Object.fromEntries(
		Object.entries(samples).map(([label, runs]) => [
			label,
			{ hitRps: median(runs.map((r) => r.hitRps)), missRps: median(runs.map((r) => r.missRps)) },
		]),
	);

	// Webhook to one process, then every node asked until it serves the new name.
	const purgeRefs = take(config.purges);
	for (const ref of purgeRefs) for (const node of [nodeA, nodeB]) await get(node.url, pathOf(ref));
	const latencies = [];
	for (const [i, ref] of purgeRefs.entries()) {
		const name = `Renamed ${i}`;
		sim.updateProduct(ref, { seo_name: name });
		const started = performance.now();
		const answer = await fetch(`${urls[i % 2]}/_audio-reviews/invalidate`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${SECRET}` },
			body: JSON.stringify({ ref }),
		});
		if (answer.status !== 200)
			throw new Error(`webhook: HTTP ${answer.status} ${await answer.text()}`);
		await Promise.all(
			[nodeA, nodeB].map(async (node) => {
				for (let tries = 0; !(await get(node.url, pathOf(ref))).includes(name); tries++)
					if (tries > 50) throw new Error(`${node.url} never served ${name}`);
			}),
		);
		latencies.push(performance.now() - started);
	}
	latencies.sort((a, b) => a - b);
	const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
	say(
		`  purge, webhook to every node fresh: p50 ${pct(0.5).toFixed(1)} ms, p95 ${pct(0.95).toFixed(1)} ms over ${latencies.length}`,
	);

	// 1,000 views of 100 cold pages (200 of 20 in the smoke), each on a node picked at random.
	const viewPaths = take(config.viewPages).map(pathOf);
	sim.resetStats();
	for (let i = 0; i < config.views; i++)
		await get([nodeA, nodeB][Math.floor(Math.random() * 2)].url, viewPaths[i % viewPaths.length]);
	const upstreamPer1000 = (sim.stats.single * 1000) / config.views;
	say(
		`  upstream: ${sim.stats.single} single-product requests for ${config.views} views of ${config.viewPages} cold pages over two nodes`,
	);

	const result = {
		name: 'live-nodes',
		hitRpsOneProcess: Math.round(through['one process'].hitRps),
		hitRpsTwoProcesses: Math.round(through['two processes'].hitRps),
		missRpsOneProcess: Math.round(through['one process'].missRps),
		missRpsTwoProcesses: Math.round(through['two processes'].missRps),
		purgeP50Ms: Number(pct(0.5).toFixed(1)),
		purgeP95Ms: Number(pct(0.95).toFixed(1)),
		purges: latencies.length,
		upstreamPer1000Views: upstreamPer1000,
		viewPages: config.viewPages,
		config,
		// Every round's figures, so a reader sees how far load moved them.
		rounds: Object.entries(samples).flatMap(([label, runs]) =>
			runs.map((r, round) => ({
				label,
				round: round + 1,
				hitRps: Math.round(r.hitRps),
				missRps: Math.round(r.missRps),
				hitP99Ms: r.hitP99Ms,
			})),
		),
	};
	console.log(JSON.stringify(result));
} finally {
	for (const closer of closers.reverse()) await closer.close();
	await sim.close();
}

async function get(base, path) {
	const response = await fetch(`${base}${path}`);
	const text = await response.text();
	if (response.status !== 200) throw new Error(`${base}${path}: HTTP ${response.status}`);
	return text;
}

/** autocannon over `paths` (cycled for a duration, or each once for an amount); refuses a run with errors. */
async function load(url, { duration, amount, paths }) {
	let i = 0;
	// Hits cycle a fixed list, built once (a per-request callback spends the load generator's CPU,
	// which shares the machine with Varnish); misses need a path never asked before each time.
	const requests = duration
		? paths.map((path) => ({ method: 'GET', path }))
		: [
				{
					method: 'GET',
					setupRequest: (request) => ({ ...request, path: paths[i++ % paths.length] }),
				},
			];
	const result = await autocannon({
		url,
		connections: config.connections,
		...(duration ? { duration } : { amount }),
		requests,
	});
	const bad = result.errors + result.timeouts + result.non2xx;
	if (bad > 0) throw new Error(`${url}: ${bad} failed requests`);
	return result;
}

function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

function rps(result) {
	return result.requests.total / result.duration;
}
