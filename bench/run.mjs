#!/usr/bin/env node
/**
 * `npm run bench`: every build figure of BENCHMARKS.md (and the live figures of bench/live.mjs,
 * bench/live-nodes.mjs, bench/live-metrics.mjs and bench/search-postgres.mjs)
 * side by side in one run, against the service simulator on loopback, written to
 * BENCHMARKS.md and bench/results.json. `node bench/run.mjs --help` lists the flags
 * (bench/lib/options.mjs).
 *
 * Each `astro build` runs in its own Node process (this one's binary) so its peak RSS is its
 * own; the simulator runs here. Sites and data dumps live in bench/.work/ (gitignored).
 */
import { rm, writeFile } from 'node:fs/promises';
import { startRun } from './lib/bench-run.mjs';
import { coldFigures } from './lib/cold-figures.mjs';
import { devFigure } from './lib/dev-figure.mjs';
import { runAlone, sitemapFigure } from './lib/figures-alone.mjs';
import { defaultHeapFigure } from './lib/heap-figure.mjs';
import { liveFigure } from './lib/live-figure.mjs';
import { machineInfo } from './lib/machine.mjs';
import { liveMetricsFigure } from './lib/metrics-figure.mjs';
import { liveNodesFigure } from './lib/nodes-figure.mjs';
import { benchArgs, benchConfig, USAGE } from './lib/options.mjs';
import { peerEstimateAtMain, peerFigure } from './lib/peer-figure.mjs';
import { renderMarkdown } from './lib/report.mjs';
import { reportOnly } from './lib/report-only.mjs';
import { scaleFigure } from './lib/scale-figure.mjs';
import { searchPostgresFigure } from './lib/search-postgres-figure.mjs';

const args = benchArgs();
if (args.help) {
	console.log(USAGE);
	process.exit(0);
}
if (args['report-only']) {
	await reportOnly({ dir: args['out-dir'], merge: args.merge });
	process.exit(0);
}

const run = await startRun(benchConfig(args), args);
if (args.only !== undefined) process.exit(await runAlone(run, args.only));

const { config, results, say } = run;
// 1, 3, 4 (and 7, the feed, search, the profile) on the main catalogue; 2: the peer.
if (!config.scaleOnly) {
	await run.withCatalogue(run.main, (sim, env) => coldFigures(run, sim, env));
	await run.withCatalogue(config.peerSize, (sim, env) => peerFigure(run, sim, env));
}
peerEstimateAtMain(run);
await scaleFigure(run);
// 5d: the main size on Node's default heap (larger sizes: --only default-heap --sizes).
if (!config.scaleOnly) results.defaultHeap = await defaultHeapFigure(run, [run.main]);
// astro dev at 10,000 products × 2 locales beside file() (30 in the smoke run).
if (!config.scaleOnly) results.dev = await devFigure(run);
if (config.live) {
	results.live = await liveFigure(run);
	results.liveNodes = await liveNodesFigure(run);
	results.liveMetrics = await liveMetricsFigure(run);
	results.searchPostgres = await searchPostgresFigure(run);
	results.sitemap = await sitemapFigure(run).catch((error) => {
		results.errors.push(`sitemap: ${String(error.message ?? error).split('\n')[0]}`);
		return undefined;
	});
}

results.finishedAt = new Date().toISOString();
results.machine.loadAtEnd = (await machineInfo()).loadAtStart;
await run.save();
await writeFile(run.markdownFile, renderMarkdown(results));
if (config.smoke) await rm(run.work, { recursive: true, force: true });
say(`results: ${run.resultsFile}`);
say(`report: ${run.markdownFile}`);
if (results.errors.length) say(`${results.errors.length} build(s) failed: see the report`);
