#!/usr/bin/env node
// @ts-check
/**
 * The PostgreSQL search of on-demand sites (docs/on-demand.md, "Search"), measured side by side
 * in one run: at 100,000 products × 2 locales (`--smoke`: 300), the catalogue's fetch alone,
 * a first `audio-reviews index`, a no-change one (each in a child process: wall time and peak
 * RSS), the index's size on disk, then the endpoint of the built on-demand search fixture over
 * 500 loopback queries of mixed words (one at a time: p50, p95, bytes per answer). Its last
 * stdout line is JSON: `{"name":"search-postgres",…}`.
 *
 * `--products <n>` another size. `--baseline <dir>`: another checkout of the package, built
 * (`npm run build:pkg`), whose endpoint is measured side by side with this one's: its own build of
 * the same fixture, its own server, on the same database (indexed by this checkout), each query
 * sent to both, in alternating order. `--fetch-only <baseUrl> <websiteId>` is the child that
 * fetches the catalogue and nothing else.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { startSimulator } from 'astro-audio-reviews/simulator';
import { mixedQueries, quantile } from './lib/search-queries.mjs';
import { psql, startPostgres } from './live/postgres.mjs';
import { buildSite, NODE, REPO, startServer } from './live/site.mjs';

const args = process.argv.slice(2);
const LOCALES = ['fr', 'en'];

if (args[0] === '--fetch-only') {
	const { clientFromResolved } = await import('../integration/dist/client/client.js');
	const { resolveLoaderOptions } = await import('../integration/dist/build-sync/loader-options.js');
	const { catalogueQuery, syncCatalogue } = await import(
		'../integration/dist/client/sync-catalogue.js'
	);
	const options = resolveLoaderOptions(
		{ baseUrl: args[1] ?? '', websiteId: args[2] ?? '', locales: LOCALES },
		'bench',
	);
	const client = clientFromResolved(options);
	let products = 0;
	for (const locale of LOCALES)
		await syncCatalogue(client, {
			query: catalogueQuery(options, locale),
			pageSize: options.pageSize,
			onPage: (items) => {
				products += items.length;
			},
		});
	console.log(JSON.stringify({ products }));
	process.exit(0);
}

const smoke = args.includes('--smoke');
const json = args.includes('--json');
const productsFlag = args.indexOf('--products');
const PRODUCTS = productsFlag >= 0 ? Number(args[productsFlag + 1]) : smoke ? 300 : 100_000;
const QUERIES = smoke ? 60 : 500;
const baselineFlag = args.indexOf('--baseline');
const BASELINE = baselineFlag >= 0 ? args[baselineFlag + 1] : undefined;
const say = (/** @type {string} */ message) =>
	process.stderr.write(`[search-postgres ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

/** Peak resident set size of a running child (VmHWM), read every 20 ms. */
function watchPeak(/** @type {number | undefined} */ pid) {
	let peak = 0;
	const timer = setInterval(() => {
		try {
			const kiB = Number(
				/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1],
			);
			if (kiB > peak) peak = kiB;
		} catch {}
	}, 20);
	return () => {
		clearInterval(timer);
		return peak * 1024;
	};
}

/**
 * A child on Node 24; its wall time, peak RSS and last stdout line.
 * @param {string[]} argv
 * @param {Record<string, string>} env
 */
async function timed(argv, env = {}) {
	const started = performance.now();
	const child = spawn(NODE, argv, {
		cwd: REPO,
		env: { PATH: process.env.PATH, ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const peak = watchPeak(child.pid);
	let stdout = '';
	let stderr = '';
	child.stdout.on('data', (chunk) => (stdout += chunk));
	child.stderr.on('data', (chunk) => (stderr += chunk));
	const code = await new Promise((resolve) => child.on('close', resolve));
	const wallMs = Math.round(performance.now() - started);
	const maxRssBytes = peak();
	if (code !== 0) throw new Error(`${argv.join(' ')} exited with ${code}: ${stderr.slice(-2000)}`);
	const last = stdout.trim().split('\n').at(-1) ?? '';
	return { wallMs, maxRssBytes, last: last.startsWith('{') ? JSON.parse(last) : {} };
}

const pg = await startPostgres();
say(`simulator: ${PRODUCTS} products × ${LOCALES.length} locales`);
const sim = await startSimulator({ products: PRODUCTS, seed: 7, locales: LOCALES });
sim.unref();
const env = {
	AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
	AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
	AUDIO_REVIEWS_LOCALES: LOCALES.join(','),
	AUDIO_REVIEWS_SEARCH_DATABASE_URL: pg.primary.url,
};
const cli = join(REPO, 'integration', 'dist', 'cli.js');
const fetchOnly = () =>
	timed([join(REPO, 'bench', 'search-postgres.mjs'), '--fetch-only', sim.baseUrl, sim.websiteId]);
let server;
/** @type {Awaited<ReturnType<typeof startServer>> | undefined} */
let baselineServer;
try {
	// Fetch, first index, fetch: the index's ratio against the mean of the fetches around it.
	say('catalogue fetch alone');
	const fetchBefore = await fetchOnly();
	say(`  ${fetchBefore.wallMs} ms; first index`);
	const first = await timed([cli, 'index', '--json'], env);
	say(`  ${first.wallMs} ms ${JSON.stringify(first.last)}; catalogue fetch alone again`);
	const fetchAfter = await fetchOnly();
	say(`  ${fetchAfter.wallMs} ms; no-change index`);
	const again = await timed([cli, 'index', '--json'], env);
	say(`  ${again.wallMs} ms ${JSON.stringify(again.last)}`);
	const size = Number(
		(
			await psql(
				pg.primary,
				"SELECT pg_total_relation_size('audio_reviews.documents') + pg_total_relation_size('audio_reviews.words')",
			)
		).trim(),
	);
	say('building the on-demand search fixture');
	const { dist } = await buildSite(
		{ ...env, FIXTURE_TOP_N: '1' },
		{ overlays: ['on-demand-search'], name: 'search-postgres' },
	);
	server = await startServer(dist, env);
	if (BASELINE) {
		say(`building the same fixture on the baseline package ${BASELINE}`);
		const baseline = await buildSite(
			{ ...env, FIXTURE_TOP_N: '1' },
			{ overlays: ['on-demand-search'], packageDir: BASELINE, name: 'search-postgres-baseline' },
		);
		baselineServer = await startServer(baseline.dist, env);
	}
	const queries = mixedQueries(sim, { count: QUERIES + 20, locales: LOCALES });
	const measured = [server, baselineServer]
		.filter((s) => s !== undefined)
		.map(() => ({
			/** @type {number[]} */ times: [],
			bytes: 0,
			hits: 0,
		}));
	const loadBefore = loadavg();
	for (const [index, { q, locale }] of queries.entries()) {
		const servers = [server, baselineServer].flatMap((s, i) => (s ? [{ s, m: measured[i] }] : []));
		// Side by side: every query to each server, which goes first alternating.
		if (index % 2 === 1) servers.reverse();
		for (const { s, m } of servers) {
			const url = `${s.url}/shop/_audio-reviews/search?${new URLSearchParams({ q, locale })}`;
			const started = performance.now();
			const response = await fetch(url);
			const body = await response.text();
			const ms = performance.now() - started;
			if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${body}`);
			// The first 20 warm the pool and the caches, not counted.
			if (index < 20 || !m) continue;
			m.times.push(ms);
			m.bytes += Buffer.byteLength(body);
			if (JSON.parse(body).total > 0) m.hits++;
		}
	}
	const loadAfter = loadavg();
	for (const m of measured) m.times.sort((a, b) => a - b);
	const [{ times, bytes, hits }] = /** @type {[typeof measured[0]]} */ (measured);
	const endpointFigures = (/** @type {typeof measured[0]} */ m) => ({
		queriesWithResults: m.hits,
		p50Ms: Math.round(quantile(m.times, 0.5) * 10) / 10,
		p95Ms: Math.round(quantile(m.times, 0.95) * 10) / 10,
		bytesPerAnswer: Math.round(m.bytes / m.times.length),
	});
	const fetchMs = Math.round((fetchBefore.wallMs + fetchAfter.wallMs) / 2);
	const figure = {
		name: 'search-postgres',
		products: PRODUCTS,
		locales: LOCALES.length,
		entries: first.last.entries,
		fetchMs,
		fetchRuns: [fetchBefore.wallMs, fetchAfter.wallMs],
		fetchMaxRssBytes: Math.max(fetchBefore.maxRssBytes, fetchAfter.maxRssBytes),
		firstIndexMs: first.wallMs,
		firstIndexMaxRssBytes: first.maxRssBytes,
		indexRatio: Math.round((first.wallMs / fetchMs) * 100) / 100,
		noChangeIndexMs: again.wallMs,
		noChangeIndexMaxRssBytes: again.maxRssBytes,
		noChange: again.last,
		noChangeRatio: Math.round((again.wallMs / fetchMs) * 100) / 100,
		indexBytes: size,
		queries: times.length,
		queriesWithResults: hits,
		p50Ms: Math.round(quantile(times, 0.5) * 10) / 10,
		p95Ms: Math.round(quantile(times, 0.95) * 10) / 10,
		bytesPerAnswer: Math.round(bytes / times.length),
		/** Load averages (1, 5, 15 min) before and after the queries. */
		queryLoad: [loadBefore, loadAfter].map((l) => l.map((x) => Math.round(x * 100) / 100)),
		...(BASELINE && measured[1]
			? { baseline: { dir: BASELINE, ...endpointFigures(measured[1]) } }
			: {}),
		smoke,
	};
	if (json) console.log(JSON.stringify(figure));
	else console.log(figure);
} finally {
	await server?.close();
	await baselineServer?.close();
	await sim.close();
	await pg.close();
}
