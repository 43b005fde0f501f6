import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LIST_QUERY } from './catalogue.mjs';
import { devFigure, devMarkdown } from './dev-figure.mjs';
import { measureFeed } from './feed.mjs';
import { defaultHeapFigure, defaultHeapMarkdown } from './heap-figure.mjs';
import { coldPair, largestPageMarkdown, measureLargestPage } from './largest-page.mjs';
import { machineInfo } from './machine.mjs';
import { liveMetricsFigure, metricsMarkdown } from './metrics-figure.mjs';
import { liveNodesFigure, nodesMarkdown } from './nodes-figure.mjs';
import { pollFigure } from './poll-figure.mjs';
import { measureSearch, searchMarkdown } from './search.mjs';
import { QUERIES, SMOKE_QUERIES } from './search-bytes.mjs';
import { searchPostgresFigure, searchPostgresMarkdown } from './search-postgres-figure.mjs';
import { measureSitemap, sitemapMarkdown } from './sitemap.mjs';

/**
 * The figures that also run alone (`--only`): the review feed, the on-demand sitemap, static
 * search, the long tail (figure 7), deploys on change, several server processes (figure 6e) and
 * the cost of the metrics (figure 6f),
 * each measured the same way in a full run.
 */

/** The review feed's figure, at the main size with the catalogue already served. */
export const feedFigure = (run, sim, env, reuseOff) =>
	measureFeed({
		sim,
		env,
		size: run.main,
		reps: run.config.reps,
		measure: run.measure,
		drop: run.dropSite,
		reuseOff: reuseOff?.record,
	});

/** The on-demand sitemap's figure: its first file (50,000 URLs), cold and cached. */
export const sitemapFigure = ({ config, say }) =>
	measureSitemap({
		size: config.smoke ? 2000 : 50_000,
		reps: config.reps,
		latencyMs: config.latencyMs,
		cap: config.cap,
		say,
	});

/**
 * Static search with Pagefind: the option on and off, each site indexed by Pagefind's binary;
 * then the bytes a browser fetches per query from the option's index.
 */
export const searchFigure = (run, sim, env, reps = 1, reuseOff = undefined) =>
	measureSearch({
		sim,
		env,
		size: run.main,
		reps,
		measure: run.measure,
		drop: run.dropSite,
		reuseOff,
		queries: run.config.smoke ? SMOKE_QUERIES : QUERIES,
	});

/**
 * Figure 7 on a built site of ours (figure 1's, or the --only run's): pages written, the largest
 * page and its Lighthouse score, beside that site's cold build and the floor's.
 */
export async function longTailFigure(run, sim, root, { oursMs, floorMs }) {
	run.say(`long tail: the largest page of ${root}`);
	const figure = await measureLargestPage(root, { say: run.say });
	const html = await readFile(join(root, 'dist', figure.path), 'utf8').catch(() => '');
	const ref = /<meta property="product:retailer_item_id" content="([^"]*)"/.exec(html)?.[1];
	const product = ref && sim.listAll(LIST_QUERY).find((item) => item.external_id === ref);
	return {
		size: run.main,
		catalogue: run.results.catalogue[run.main],
		oursMs,
		floorMs,
		ratio: oursMs && floorMs ? oursMs / floorMs : undefined,
		...figure,
		reviews: product ? product.reviews.length : undefined,
	};
}

/** Figure 7 alone: a cold pair of its own, then the largest page of ours. */
async function longTailAlone(run) {
	const { config, results, main } = run;
	return run.withCatalogue(main, async (sim, env) => {
		const pair = await coldPair({
			env,
			size: main,
			reps: config.reps,
			measure: (options) => run.measure(sim, options),
			drop: run.dropSite,
		});
		if (!pair.oursRoot) return { size: main, error: results.errors.join('; ') };
		const figure = await longTailFigure(run, sim, pair.oursRoot, pair);
		await run.dropSite(pair.oursRoot);
		const load = (await machineInfo()).loadAtStart.join(', ');
		figure.measuredBy = `Measured alone by \`${results.command}\` on ${results.date.slice(0, 16).replace('T', ' ')} UTC (${config.reps} pair${config.reps === 1 ? '' : 's'}, load ${results.machine.loadAtStart.join(', ')} at start, ${load} at end)`;
		return figure;
	});
}

/** Figure 6e or 6f alone, with when and under what load it was measured (the merged report shows it). */
const measuredAlone = (measure) => async (run) => {
	const { config, results } = run;
	const figure = await measure(run);
	const load = (await machineInfo()).loadAtStart.join(', ');
	figure.measuredBy = `Measured alone by \`${results.command}\` on ${results.date.slice(0, 16).replace('T', ' ')} UTC (${config.smoke ? 'smoke size, ' : ''}load ${results.machine.loadAtStart.join(', ')} at start, ${load} at end, ${results.machine.cores} cores)`;
	return figure;
};

const n = (v) => (v === undefined ? '—' : v.toLocaleString('en-US'));
const s = (ms) => (ms === undefined ? '—' : `${(ms / 1000).toFixed(1)} s`);

/**
 * Each part that runs alone: what it measures into results, and what it prints after. `builds`:
 * whether it records builds, whose failures fail the run (the sitemap's figure throws instead).
 */
const PARTS = {
	sitemap: {
		figure: 'sitemap',
		builds: false,
		measure: (run) => sitemapFigure(run),
		print: ({ results, say }) => {
			say(`sitemap: ${JSON.stringify({ ...results.sitemap, runs: undefined })}`);
			for (const line of sitemapMarkdown(results.sitemap, { n: (v) => v.toLocaleString('en-US') }))
				console.log(line);
		},
	},
	search: {
		figure: 'search',
		builds: true,
		mergeHint: true,
		measure: measuredAlone((run) =>
			run.withCatalogue(run.main, (sim, env) => searchFigure(run, sim, env, run.config.reps)),
		),
		print: ({ results, say }) => {
			say(`search: ${JSON.stringify(results.search)}`);
			for (const line of searchMarkdown(results.search, { n, s })) console.log(line);
		},
	},
	feed: {
		figure: 'feed',
		builds: true,
		measure: (run) => run.withCatalogue(run.main, (sim, env) => feedFigure(run, sim, env)),
		print: ({ results, say }) =>
			say(`feed: ${JSON.stringify({ ...results.feed, feed: results.feed.feed })}`),
	},
	poll: {
		figure: 'poll',
		builds: true,
		mergeHint: true,
		measure: (run) => run.withCatalogue(run.main, (sim, env) => pollFigure(run, sim, env)),
		print: ({ results, say }) => say(`poll: ${JSON.stringify(results.poll)}`),
	},
	nodes: {
		figure: 'liveNodes',
		builds: false,
		mergeHint: true,
		measure: measuredAlone(liveNodesFigure),
		print: ({ results }) => {
			for (const line of nodesMarkdown(results.liveNodes, { n })) console.log(line);
		},
	},
	metrics: {
		figure: 'liveMetrics',
		builds: false,
		mergeHint: true,
		measure: measuredAlone(liveMetricsFigure),
		print: ({ results }) => {
			for (const line of metricsMarkdown(results.liveMetrics, { n })) console.log(line);
		},
	},
	dev: {
		figure: 'dev',
		builds: true,
		mergeHint: true,
		measure: devFigure,
		print: ({ results }) => {
			for (const line of devMarkdown(results.dev)) console.log(line);
		},
	},
	'search-postgres': {
		figure: 'searchPostgres',
		builds: false,
		mergeHint: true,
		measure: measuredAlone(searchPostgresFigure),
		print: ({ results }) => {
			for (const line of searchPostgresMarkdown(results.searchPostgres, { n })) console.log(line);
		},
	},
	// Its failed builds are its results (which build passes on the default heap), not a failed run.
	'default-heap': {
		figure: 'defaultHeap',
		builds: false,
		mergeHint: true,
		measure: measuredAlone(defaultHeapFigure),
		print: ({ results }) => {
			for (const line of defaultHeapMarkdown(results.defaultHeap, { n })) console.log(line);
		},
	},
	'long-tail': {
		figure: 'longTail',
		builds: true,
		mergeHint: true,
		measure: longTailAlone,
		print: ({ results }) => {
			for (const line of largestPageMarkdown(results.longTail, { n, s })) console.log(line);
		},
	},
};

/** Runs one part alone into its temp folder; resolves with the process's exit code. */
export async function runAlone(run, only) {
	const part = PARTS[only];
	run.results[part.figure] = await part.measure(run);
	run.results.finishedAt = new Date().toISOString();
	await run.save();
	part.print(run);
	const merge = part.mergeHint
		? ` (into BENCHMARKS.md: node bench/run.mjs --report-only --merge ${run.resultsFile})`
		: '';
	run.say(`results: ${run.resultsFile}${merge}`);
	const failed = part.builds
		? run.results.errors.length > 0
		: run.results[part.figure]?.ok === false;
	return failed ? 1 : 0;
}
