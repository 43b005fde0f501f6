import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runScript } from './live-figure.mjs';
import { kib } from './report-format.mjs';
import { BENCH } from './sites.mjs';

/**
 * Figure 6g, search on demand in PostgreSQL: bench/search-postgres.mjs in a child process (it
 * starts its own PostgreSQL and simulator and builds its own site), its last stdout line (JSON).
 * Beside it in the report, the anchor: Pagefind over the static pages of the same run's search
 * figure, when the run measured it.
 */
export async function searchPostgresFigure({ config, say }) {
	const script = join(BENCH, 'search-postgres.mjs');
	if (!existsSync(script))
		return { ok: false, reason: 'bench/search-postgres.mjs does not exist in this checkout' };
	say('search on demand in PostgreSQL (bench/search-postgres.mjs)');
	// At 100,000 products × 2 a first index alone takes 13 min on 2 cores, the whole script about
	// 35; the smoke keeps runScript's own bound.
	const { code, stdout, stderr } = await runScript(script, config.smoke, {
		limitMs: config.smoke ? undefined : 7_200_000,
	});
	const last = stdout.trim().split('\n').at(-1) ?? '';
	if (code !== 0)
		return {
			ok: false,
			reason: `bench/search-postgres.mjs exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' ')}`,
		};
	try {
		const data = JSON.parse(last);
		if (data.name !== 'search-postgres') throw new Error('not its line');
		say(`  search-postgres: ${last}`);
		return { ok: true, ...data };
	} catch {
		return {
			ok: false,
			reason: `last stdout line of bench/search-postgres.mjs: ${last.slice(0, 200)}`,
		};
	}
}

/** The issue's targets: a first index within 1.5× the fetch alone, p95 within 50 ms. */
const INDEX_TARGET = 1.5;
const P95_TARGET_MS = 50;
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const sec = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Figure 6g's lines: the run, the index against the fetch, the endpoint, the anchor. */
export function searchPostgresMarkdown(f, { n }, anchor) {
	if (!f?.ok) return [`Not measured in this run: ${f?.reason ?? 'skipped (--no-live)'}.`];
	const lines = [
		`${f.measuredBy ? `${f.measuredBy}: ` : ''}${n(f.products)} products × ${f.locales} locales (${n(f.entries)} entries) from the simulator on loopback, into Debian's PostgreSQL on loopback (started by the script, durability off). Each run is \`audio-reviews index\` (or the fetch alone: the same paged sync of both locales, nothing else) in a child process; the fetch is the mean of one run before the first index and one after it.`,
		'',
		'| | wall time | peak RSS | / fetch alone |',
		'|---|---|---|---|',
		`| catalogue fetch alone | ${sec(f.fetchMs)} (${f.fetchRuns.map(sec).join(', ')}) | ${mib(f.fetchMaxRssBytes)} | 1 |`,
		`| first \`index\` | ${sec(f.firstIndexMs)} | ${mib(f.firstIndexMaxRssBytes)} | ${f.indexRatio}× |`,
		`| no-change \`index\` (${n(f.noChange.indexed)} written, ${n(f.noChange.unchanged)} unchanged) | ${sec(f.noChangeIndexMs)} | ${mib(f.noChangeIndexMaxRssBytes)} | ${f.noChangeRatio}× |`,
		'',
		`Index on disk (tables, their indexes and TOAST): ${mib(f.indexBytes)}. Endpoint of the built on-demand search fixture (\`@astrojs/node\` standalone), ${n(f.queries)} loopback queries of mixed words one at a time (names, common and rare words, two words, one-typo words, French and English; ${n(f.queriesWithResults)} with results): p50 ${f.p50Ms} ms, p95 ${f.p95Ms} ms, ${n(f.bytesPerAnswer)} bytes per answer (10 results at most, JSON).`,
		'',
		...endpointComparison(f),
		`Targets: first index ≤ ${INDEX_TARGET}× the fetch: ${f.indexRatio <= INDEX_TARGET ? 'met' : 'NOT met'}; p95 ≤ ${P95_TARGET_MS} ms: ${f.p95Ms <= P95_TARGET_MS ? 'met' : 'NOT met'}.`,
	];
	if (anchor?.on)
		lines.push(
			'',
			`Anchor, from this report's static search figure: the same pages built statically at ${n(anchor.size)} products (1 locale) take ${sec(anchor.on.buildMs)} to build, then Pagefind ${sec(anchor.on.indexMs)} to index them into ${mib(anchor.on.index?.bytes ?? 0)} of static files, of which a browser fetches its loader, its WebAssembly and the chunks and fragments each query needs: ${anchorBytes(anchor.on.queryBytes, f, n)}`,
		);
	return lines;
}

/** Pagefind's bytes per query against the endpoint's answer, bodies against body. */
function anchorBytes(q, f, n) {
	if (!q || q.error) return `bytes per query not measured${q?.error ? ` (${q.error})` : ''}.`;
	const times = (bytes) => {
		const ratio = bytes / f.bytesPerAnswer;
		return `${ratio >= 10 ? Math.round(ratio).toLocaleString('en-US') : ratio.toFixed(1)}×`;
	};
	return `over ${n(q.queries)} of the same kind of mixed queries in Chromium (\`search(q)\`, then \`data()\` of the first ${q.resultsShown} results), a median of ${kib(q.cold.medianBytes)} cold (p95 ${kib(q.cold.p95Bytes)}, ${n(q.cold.medianRequests)} requests: a fresh browser) and ${kib(q.warm.medianBytes)} warm (p95 ${kib(q.warm.p95Bytes)}, ${n(q.warm.medianRequests)} requests: the same page, Pagefind loaded), against ${n(f.bytesPerAnswer)} bytes per answer here (one request, 10 results at most). Bodies alone, a median query fetches ${times(q.cold.medianBodyBytes)} the endpoint's answer cold; warm, ${q.warm.medianBodyBytes === 0 ? 'the median query fetches nothing new (an earlier query of the page loaded its words and results), and' : `the median ${times(q.warm.medianBodyBytes)},`} the p95 ${times(q.warm.p95BodyBytes)}.`;
}

/** The run's `--baseline`: the same queries on another checkout's endpoint, side by side. */
function endpointComparison(f) {
	const load = (l) => l.map((x) => x.toFixed(1)).join(' / ');
	const lines = [];
	if (f.baseline)
		lines.push(
			`Side by side in the same run, each query sent to both servers in alternating order, on the same database: ${f.baseline.label ?? f.baseline.dir} p50 ${f.baseline.p50Ms} ms, p95 ${f.baseline.p95Ms} ms (${f.baseline.queriesWithResults} with results), against this checkout's p50 ${f.p50Ms} ms, p95 ${f.p95Ms} ms: p95 ${(f.baseline.p95Ms / f.p95Ms).toFixed(1)}× lower.`,
			'',
		);
	if (f.queryLoad)
		lines.push(
			`Load average (1 / 5 / 15 min) on the 2 shared cores: ${load(f.queryLoad[0])} before the queries, ${load(f.queryLoad[1])} after.`,
			'',
		);
	return lines;
}

/** 6g's row of the summary table. */
export function searchPostgresRow(f, line, { n }) {
	const figure = 'search on demand (PostgreSQL): first index / fetch, endpoint p95 (§6g)';
	if (!f?.ok) {
		line(`| 6g | ${figure} | not measured: ${f?.reason ?? 'skipped (--no-live)'} | | n/a |`);
		return;
	}
	const met = f.indexRatio <= INDEX_TARGET && f.p95Ms <= P95_TARGET_MS;
	line(
		`| 6g | ${figure}, ${n(f.products)} products × ${f.locales} | ${f.indexRatio}×, p95 ${f.p95Ms} ms | ≤ ${INDEX_TARGET}×, ≤ ${P95_TARGET_MS} ms | ${met ? 'met' : 'NOT met'} |`,
	);
}

/** 6g: the section of BENCHMARKS.md. */
export function searchPostgresSection(r, line, n) {
	line('### 6g. Search on demand in PostgreSQL (`bench/search-postgres.mjs`)');
	line();
	for (const text of searchPostgresMarkdown(r.searchPostgres, { n }, r.search)) line(text);
	line();
}
