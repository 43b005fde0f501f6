#!/usr/bin/env node
/**
 * `npm run bench`: every build figure of issue 5 (and the live figures of bench/live.mjs)
 * side by side in one run, against the service simulator on loopback, written to
 * BENCHMARKS.md and bench/results.json.
 *
 *   node bench/run.mjs [--sizes 10000,50000,100000] [--reps 5] [--peer-size N (default: the first size)]
 *                      [--latency 40] [--cap 100] [--storage single-file|chunked]
 *                      [--no-profile] [--no-live] [--no-scale] [--scale-only] [--out-dir DIR]
 *   --scale-only: figure 5 alone (ours and the floor, one build each at every size), without
 *                 figures 1-4; with --no-live, a quick check of memory at a few sizes.
 *   node bench/run.mjs --smoke        tiny sizes, short latency, results in a temp folder
 *   node bench/run.mjs --report-only  BENCHMARKS.md again from bench/results.json
 *   node bench/run.mjs --only feed [--reps 3]  just the review feed's figure (results in a temp folder)
 *   node bench/run.mjs --only sitemap [--reps 3]  just the on-demand sitemap's figure (first file cold at 50,000 products)
 *   node bench/run.mjs --only search [--reps 1]  just the static search figure (Pagefind over 10,000 pages, option on and off)
 *   node bench/run.mjs --only long-tail [--reps 1]  just figure 7: ours and the floor on the long-tail catalogue,
 *                 the pages written, the largest page's bytes, DOM elements and Lighthouse performance
 *   node bench/run.mjs --report-only --merge <dir>/results.json  BENCHMARKS.md again, with the
 *                 figure of a partial run (--only long-tail, search, feed, sitemap) merged into bench/results.json first
 *
 * Each `astro build` runs in its own Node process (this one's binary) so its peak RSS is its
 * own; the simulator runs here. Sites and data dumps live in bench/.work/ (gitignored).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { dumpCatalogue, LIST_QUERY, startBenchSimulator } from './lib/catalogue.mjs';
import { feedLog, measureFeed } from './lib/feed.mjs';
import { coldPair, largestPageMarkdown, measureLargestPage } from './lib/largest-page.mjs';
import { machineInfo } from './lib/machine.mjs';
import { median } from './lib/median.mjs';
import { summariseProfile } from './lib/profile.mjs';
import { renderMarkdown } from './lib/report.mjs';
import { measureSearch } from './lib/search.mjs';
import { measureSitemap, sitemapMarkdown } from './lib/sitemap.mjs';
import { astroBuild, BENCH, freshSite, htmlFiles, loaderSeconds, pageLog, prepareWork, REPO, syncLine } from './lib/sites.mjs';

const { values: args } = parseArgs({
	options: {
		smoke: { type: 'boolean', default: false },
		sizes: { type: 'string' },
		reps: { type: 'string' },
		'peer-size': { type: 'string' },
		latency: { type: 'string' },
		cap: { type: 'string' },
		storage: { type: 'string' },
		'no-profile': { type: 'boolean', default: false },
		'no-live': { type: 'boolean', default: false },
		'no-scale': { type: 'boolean', default: false },
		'scale-only': { type: 'boolean', default: false },
		'out-dir': { type: 'string' },
		'report-only': { type: 'boolean', default: false },
		'scale-incremental': { type: 'string' },
		only: { type: 'string' },
		merge: { type: 'string' },
	},
});

// --report-only: re-render BENCHMARKS.md from bench/results.json (after editing bench/analysis.md
// or the report layout), without building anything.
if (args['report-only']) {
	const { renderMarkdown } = await import('./lib/report.mjs');
	const { REPO: repo, BENCH: bench } = await import('./lib/sites.mjs');
	const dir = args['out-dir'];
	const file = dir ? join(dir, 'results.json') : join(bench, 'results.json');
	const data = JSON.parse(await readFile(file, 'utf8'));
	// A partial run's figure, measured alone (its own date, load and command are in it).
	if (args.merge) {
		const partial = JSON.parse(await readFile(args.merge, 'utf8'));
		const figures = ['longTail', 'search', 'feed', 'sitemap'].filter((figure) => partial[figure] !== undefined);
		if (figures.length === 0)
			throw new Error(`--merge: ${args.merge} has no figure of a partial run (--only long-tail, search, feed or sitemap)`);
		for (const figure of figures) data[figure] = partial[figure];
		await writeFile(file, `${JSON.stringify(data, null, '\t')}\n`);
	}
	await writeFile(join(dir ?? repo, 'BENCHMARKS.md'), renderMarkdown(data));
	console.log(`report: ${join(dir ?? repo, 'BENCHMARKS.md')}`);
	process.exit(0);
}

const smoke = args.smoke;
if (args.only !== undefined && !['feed', 'sitemap', 'search', 'long-tail'].includes(args.only))
	throw new Error(`--only: the parts that run alone are "feed", "sitemap", "search" and "long-tail", got ${args.only}`);
const feedOnly = args.only === 'feed';
const searchOnly = args.only === 'search';
const sitemapOnly = args.only === 'sitemap';
const longTailOnly = args.only === 'long-tail';
const config = {
	smoke,
	sizes: (args.sizes ?? (smoke ? '200' : '10000,50000,100000')).split(',').map(Number),
	reps: Number(args.reps ?? (smoke || searchOnly || longTailOnly ? 1 : feedOnly || sitemapOnly ? 3 : 5)),
	// The peer needs N x latency (one request per product, in sequence): about 7 minutes at 10,000.
	peerSize: Number(args['peer-size'] ?? (smoke ? 40 : 0)),
	latencyMs: Number(args.latency ?? (smoke ? 5 : 40)),
	cap: Number(args.cap ?? 100),
	storage: args.storage ?? 'single-file',
	profile: !args['no-profile'] && !smoke,
	live: !args['no-live'],
	scale: !args['no-scale'],
	scaleOnly: args['scale-only'],
	// Figure 5 compares loaders, so by default both sites build as a site does without the
	// experimental flag (figure 1 reports both settings at the main size).
	scaleIncremental: (args['scale-incremental'] ?? 'off') === 'on',
};
if (config.sizes.some((n) => !(Number.isInteger(n) && n > 0))) throw new Error(`--sizes: expected positive integers, got ${args.sizes}`);
// Default: the peer at the main size, measured rather than extrapolated.
if (config.peerSize === 0) config.peerSize = config.sizes[0];
// Smoke and partial runs never overwrite the real figures.
const partial = feedOnly || sitemapOnly || searchOnly || longTailOnly;
const outDir = args['out-dir'] ?? (smoke || partial ? await mkdtemp(join(tmpdir(), 'aar-bench-')) : REPO);
const resultsFile = smoke || partial || args['out-dir'] ? join(outDir, 'results.json') : join(BENCH, 'results.json');
const markdownFile = join(outDir, 'BENCHMARKS.md');
await mkdir(outDir, { recursive: true });

// Under the repository (sites resolve `astro` from its node_modules); one folder per smoke run so parallel runs never collide.
const work = await prepareWork(join(BENCH, '.work', smoke ? `smoke-${process.pid}` : 'full'));
const say = (message) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
const mib = (bytes) => Math.round(bytes / 2 ** 20);

const results = {
	date: new Date().toISOString(),
	command: `node bench/run.mjs ${process.argv.slice(2).join(' ')}`.trim(),
	config,
	machine: await machineInfo(),
	catalogue: {},
	builds: [],
	cold: undefined,
	requests: undefined,
	rebuild: undefined,
	peer: undefined,
	scale: [],
	profile: undefined,
	live: undefined,
	sitemap: undefined,
	errors: [],
	resultsName: resultsFile.startsWith(REPO) ? resultsFile.slice(REPO.length) : resultsFile,
};
say(`machine: ${results.machine.cpu}, ${results.machine.cores} cores, load ${results.machine.loadAtStart.join(' ')}`);

const simOptions = { latencyMs: config.latencyMs, maxLimit: config.cap };

/** One build, recorded in results.builds; never throws (a failed build is a result too). */
async function measure(sim, { kind, size, label, env, root, cpuProfDir, rebuild = false }) {
	const siteRoot = root ?? (await freshSite(work, kind, label));
	sim?.resetStats();
	say(`${rebuild ? 'rebuild' : 'build'} ${kind} ${size.toLocaleString('en-US')} (${label})`);
	const record = { kind, size, label, rebuild, storage: config.storage };
	try {
		const run = await astroBuild(siteRoot, {
			env: { ...env, BENCH_STORAGE: config.storage },
			cpuProfDir,
			logFile: join(work, `${label}${rebuild ? '-rebuild' : ''}.log`),
		});
		const pages = pageLog(run.output);
		Object.assign(record, {
			ok: true,
			wallMs: Math.round(run.wallMs),
			maxRssBytes: run.maxRssBytes,
			cpuMs: Math.round(run.cpuMs),
			pagesRendered: pages.rendered.length,
			pagesSkipped: pages.skipped,
			renderedSlugs: pages.rendered.length <= 20 ? pages.rendered : undefined,
			memory: run.memory,
			sync: syncLine(run.output),
			loaderSeconds: loaderSeconds(run.output),
			feedLog: feedLog(run.output),
			requests:
				sim && kind !== 'floor'
					? { list: sim.stats.list, single: sim.stats.single, total: sim.stats.total, notModified: sim.stats.notModified }
					: undefined,
		});
		say(
			`  ${(run.wallMs / 1000).toFixed(1)} s, peak RSS ${mib(run.maxRssBytes)} MiB, ${pages.rendered.length} rendered, ${pages.skipped} skipped${record.requests ? `, ${record.requests.list} list + ${record.requests.single} single requests` : ''}`,
		);
	} catch (error) {
		Object.assign(record, { ok: false, error: String(error.message ?? error).slice(0, 4000) });
		results.errors.push(`${kind} ${size}${rebuild ? ' rebuild' : ''}: ${String(error.message ?? error).split('\n')[0]}`);
		say(`  FAILED: ${String(error.message ?? error).split('\n')[0]}`);
	}
	results.builds.push(record);
	return { record, root: siteRoot };
}

async function withCatalogue(size, body) {
	const sim = await startBenchSimulator(size, simOptions);
	const data = join(work, `data-${size}.json`);
	try {
		results.catalogue[size] = await dumpCatalogue(sim, data);
		say(`catalogue ${size}: ${JSON.stringify(results.catalogue[size])}`);
		const env = { BENCH_BASE_URL: sim.baseUrl, BENCH_WEBSITE_ID: sim.websiteId, BENCH_DATA_FILE: data };
		return await body(sim, env);
	} finally {
		await sim.close();
		await rm(data, { force: true });
	}
}

/** Removes a site's output and caches (a 100k site is several GB). */
const dropSite = (root) => rm(root, { recursive: true, force: true });

const main = config.sizes[0];
/** The review feed's figure, at the main size with the catalogue already served. */
const feedFigure = (sim, env) => measureFeed({ sim, env, size: main, reps: config.reps, measure, drop: dropSite });

/** The on-demand sitemap's figure: its first file (50,000 URLs), cold and cached. */
const sitemapFigure = () =>
	measureSitemap({ size: smoke ? 2000 : 50_000, reps: config.reps, latencyMs: config.latencyMs, cap: config.cap, say });

if (sitemapOnly) {
	results.sitemap = await sitemapFigure();
	results.finishedAt = new Date().toISOString();
	await writeFile(resultsFile, `${JSON.stringify(results, null, '\t')}\n`);
	say(`sitemap: ${JSON.stringify({ ...results.sitemap, runs: undefined })}`);
	for (const line of sitemapMarkdown(results.sitemap, { n: (v) => v.toLocaleString('en-US') })) console.log(line);
	say(`results: ${resultsFile}`);
	process.exit(0);
}

/** Static search with Pagefind: the option on and off, each site indexed by Pagefind's binary. */
const searchFigure = (sim, env) => measureSearch({ sim, env, size: main, reps: searchOnly ? config.reps : 1, measure, drop: dropSite });

if (searchOnly) {
	results.search = await withCatalogue(main, searchFigure);
	results.finishedAt = new Date().toISOString();
	await writeFile(resultsFile, `${JSON.stringify(results, null, '\t')}\n`);
	say(`search: ${JSON.stringify(results.search)}`);
	say(`results: ${resultsFile}`);
	process.exit(results.errors.length ? 1 : 0);
}

if (feedOnly) {
	results.feed = await withCatalogue(main, feedFigure);
	results.finishedAt = new Date().toISOString();
	await writeFile(resultsFile, `${JSON.stringify(results, null, '\t')}\n`);
	say(`feed: ${JSON.stringify({ ...results.feed, feed: results.feed.feed })}`);
	say(`results: ${resultsFile}`);
	process.exit(results.errors.length ? 1 : 0);
}

/**
 * Figure 7 on a built site of ours (figure 1's, or the --only run's): pages written, the largest
 * page and its Lighthouse score, beside that site's cold build and the floor's.
 */
async function longTailFigure(sim, root, { oursMs, floorMs }) {
	say(`long tail: the largest page of ${root}`);
	const figure = await measureLargestPage(root, { say });
	const html = await readFile(join(root, 'dist', figure.path), 'utf8').catch(() => '');
	const ref = /<meta property="product:retailer_item_id" content="([^"]*)"/.exec(html)?.[1];
	const product = ref && sim.listAll(LIST_QUERY).find((item) => item.external_id === ref);
	return {
		size: main,
		catalogue: results.catalogue[main],
		oursMs,
		floorMs,
		ratio: oursMs && floorMs ? oursMs / floorMs : undefined,
		...figure,
		reviews: product ? product.reviews.length : undefined,
	};
}

if (longTailOnly) {
	results.longTail = await withCatalogue(main, async (sim, env) => {
		const pair = await coldPair({ env, size: main, reps: config.reps, measure: (options) => measure(sim, options), drop: dropSite });
		if (!pair.oursRoot) return { size: main, error: results.errors.join('; ') };
		const figure = await longTailFigure(sim, pair.oursRoot, pair);
		await dropSite(pair.oursRoot);
		const load = (await machineInfo()).loadAtStart.join(', ');
		figure.measuredBy = `Measured alone by \`${results.command}\` on ${results.date.slice(0, 16).replace('T', ' ')} UTC (${config.reps} pair${config.reps === 1 ? '' : 's'}, load ${results.machine.loadAtStart.join(', ')} at start, ${load} at end)`;
		return figure;
	});
	results.finishedAt = new Date().toISOString();
	await writeFile(resultsFile, `${JSON.stringify(results, null, '\t')}\n`);
	const fmt = {
		n: (v) => (v === undefined ? '—' : v.toLocaleString('en-US')),
		s: (ms) => (ms === undefined ? '—' : `${(ms / 1000).toFixed(1)} s`),
	};
	for (const line of largestPageMarkdown(results.longTail, fmt)) console.log(line);
	say(`results: ${resultsFile} (into BENCHMARKS.md: node bench/run.mjs --report-only --merge ${resultsFile})`);
	process.exit(results.errors.length ? 1 : 0);
}

// ---------------------------------------------------------------------------------------------
// 1, 3, 4: cold build vs the floor (alternating order, median of reps), requests, rebuild.
if (!config.scaleOnly)
	await withCatalogue(main, async (sim, env) => {
		// Headline: both sites as configured (incrementalBuild on). Also both with it off: with a
		// cacheKey (ours), Astro writes every page twice on a cold build (dist + its cache).
		const runs = { on: { ours: [], floor: [] }, off: { ours: [], floor: [] } };
		const roots = { on: {}, off: {} };
		for (let rep = 1; rep <= config.reps; rep++) {
			const specs = [
				['on', 'floor'],
				['on', 'ours'],
				['off', 'ours'],
				['off', 'floor'],
			];
			for (const [mode, kind] of rep % 2 === 1 ? specs : specs.reverse()) {
				const incremental = mode === 'on' ? '1' : '0';
				const { record, root } = await measure(sim, {
					kind,
					size: main,
					label: `${kind}-${main}-${mode}-r${rep}`,
					env: { ...env, BENCH_INCREMENTAL: incremental },
				});
				record.incremental = mode === 'on';
				runs[mode][kind].push(record);
				if (roots[mode][kind]) await dropSite(roots[mode][kind]);
				roots[mode][kind] = root;
			}
		}
		const ok = (list) => list.filter((r) => r.ok);
		const pair = async (mode) => {
			const { ours, floor } = runs[mode];
			const oursMs = ok(ours).length ? median(ok(ours).map((r) => r.wallMs)) : undefined;
			const floorMs = ok(floor).length ? median(ok(floor).map((r) => r.wallMs)) : undefined;
			return {
				incremental: mode === 'on',
				oursMs,
				floorMs,
				oursRuns: ours.map((r) => r.wallMs),
				floorRuns: floor.map((r) => r.wallMs),
				ratio: oursMs && floorMs ? oursMs / floorMs : undefined,
				oursRssBytes: ok(ours).length ? median(ok(ours).map((r) => r.maxRssBytes)) : undefined,
				floorRssBytes: ok(floor).length ? median(ok(floor).map((r) => r.maxRssBytes)) : undefined,
				samePages: oursMs && floorMs ? await compareOutputs(roots[mode].ours, roots[mode].floor) : undefined,
			};
		};
		results.cold = { size: main, target: 1.15, ...(await pair('on')), withoutIncremental: await pair('off') };
		const oursMs = results.cold.oursMs;
		const oursRoot = roots.on.ours;
		const ours = runs.on.ours;
		const allOurs = [...runs.on.ours, ...runs.off.ours];
		const firstOurs = ok(allOurs)[0];
		results.requests = firstOurs && {
			size: main,
			cap: config.cap,
			list: Math.max(...ok(allOurs).map((r) => r.requests.list)),
			single: Math.max(...ok(allOurs).map((r) => r.requests.single)),
			maxList: Math.ceil(main / config.cap) + 1,
			perRun: ok(allOurs).map((r) => ({ label: r.label, ...r.requests })),
		};

		// 4: one product changed, same site folder (store and incremental cache kept). Twice: as
		// configured (Astro empties dist/, then copies unchanged pages back from its cache), and
		// with \`vite.build.emptyOutDir: false\` (unchanged pages stay in place). Not part of Astro's
		// config hash, so the second rebuild reuses the same cache.
		if (oursRoot && ok(ours).length) {
			const refs = sim.refs().filter((ref) => /^[A-Za-z0-9_-]+$/.test(ref));
			const rebuild = async (changed, keepDist) => {
				sim.updateProduct(changed, { seo_name: `Changed for the bench rebuild (${changed})` });
				const { record } = await measure(sim, {
					kind: 'ours',
					size: main,
					label: `ours-${main}-on-r${config.reps}${keepDist ? '-keep-dist' : ''}`,
					env: { ...env, BENCH_EMPTY_OUT_DIR: keepDist ? '0' : '1' },
					root: oursRoot,
					rebuild: true,
				});
				const total = record.ok ? record.pagesRendered + record.pagesSkipped : 0;
				const html = record.ok ? await htmlFiles(oursRoot).catch(() => []) : [];
				return {
					size: main,
					emptyOutDir: !keepDist,
					changedRef: changed,
					ok: record.ok,
					wallMs: record.wallMs,
					coldMs: oursMs,
					ratio: record.ok ? record.wallMs / oursMs : undefined,
					pagesRendered: record.pagesRendered,
					pagesSkipped: record.pagesSkipped,
					pagesTotal: total,
					pageFiles: html.length,
					renderedShare: record.ok && total ? record.pagesRendered / total : undefined,
					renderedSlugs: record.renderedSlugs,
					exactlyTheChangedPage: record.ok && record.pagesRendered === 1 && record.renderedSlugs?.[0] === changed,
					requests: record.requests,
					sync: record.sync,
					rssBytes: record.maxRssBytes,
					targetShare: 0.01,
					targetRatio: 0.6,
				};
			};
			results.rebuild = await rebuild(refs[Math.floor(refs.length / 2)], false);
			results.rebuildKeepDist = await rebuild(refs[Math.floor(refs.length / 3)], true);
		}
		// 7: the long tail where a visitor meets it, on figure 1's last site of ours (incrementalBuild off).
		if (roots.off.ours && results.cold.withoutIncremental.oursMs)
			results.longTail = await longTailFigure(sim, roots.off.ours, results.cold.withoutIncremental);
		for (const mode of ['on', 'off']) for (const root of Object.values(roots[mode])) await dropSite(root);

		results.feed = await feedFigure(sim, env);
		results.search = await searchFigure(sim, env);

		// Profile: one more build of ours, with --cpu-prof (its time is not a figure).
		if (config.profile) {
			const dir = join(work, 'cpu-profile');
			await rm(dir, { recursive: true, force: true });
			await mkdir(dir, { recursive: true });
			const { record, root } = await measure(sim, { kind: 'ours', size: main, label: `ours-${main}-profile`, env, cpuProfDir: dir });
			const files = (await readdir(dir)).filter((f) => f.endsWith('.cpuprofile'));
			if (record.ok && files.length) {
				results.profile = {
					size: main,
					wallMs: record.wallMs,
					file: join(dir, files[0]),
					...(await summariseProfile(join(dir, files[0]))),
				};
			}
			await dropSite(root);
		}
	});

// 2: the hand-written peer. Both without incrementalBuild (a site's default; the peer's
// entries have no digest, so it could not use it). At the main size ours is the cold builds
// of figure 1 (same catalogue, same settings): no extra build.
if (!config.scaleOnly)
	await withCatalogue(config.peerSize, async (sim, env) => {
		const offEnv = { ...env, BENCH_INCREMENTAL: '0' };
		const { record: peer, root: a } = await measure(sim, {
			kind: 'peer',
			size: config.peerSize,
			label: `peer-${config.peerSize}`,
			env: offEnv,
		});
		const { record: ours, root: b } =
			config.peerSize === main && results.cold?.withoutIncremental?.oursMs
				? { record: coldOursOff(), root: undefined }
				: await measure(sim, { kind: 'ours', size: config.peerSize, label: `ours-${config.peerSize}-vs-peer`, env: offEnv });
		results.peer = {
			size: config.peerSize,
			peerMs: peer.wallMs,
			oursMs: ours.wallMs,
			ratio: peer.ok && ours.ok ? peer.wallMs / ours.wallMs : undefined,
			peerSyncSeconds: peer.loaderSeconds,
			oursSyncSeconds: ours.loaderSeconds,
			syncRatio: peer.loaderSeconds && ours.loaderSeconds ? peer.loaderSeconds / ours.loaderSeconds : undefined,
			peerRequests: peer.requests,
			oursRequests: ours.requests,
			peerRssBytes: peer.maxRssBytes,
			oursRssBytes: ours.maxRssBytes,
			target: 20,
		};
		await dropSite(a);
		if (b) await dropSite(b);
	});

/** Figure 1's cold builds of ours without incrementalBuild, as one record (medians). */
function coldOursOff() {
	const runs = results.builds.filter((b) => b.ok && b.kind === 'ours' && b.size === main && !b.rebuild && b.incremental === false);
	return {
		ok: true,
		wallMs: results.cold.withoutIncremental.oursMs,
		maxRssBytes: results.cold.withoutIncremental.oursRssBytes,
		loaderSeconds: median(runs.map((b) => b.loaderSeconds)),
		requests: runs[0]?.requests,
	};
}

// The peer at the main size, estimated: its sync scales with N (one request per product, in
// sequence), the rest of its build is the same as ours (same pages, same store).
if (config.peerSize !== main && results.peer?.peerSyncSeconds && results.cold?.oursMs) {
	const oursSyncMain = median(
		results.builds.filter((b) => b.ok && b.kind === 'ours' && b.size === main && !b.rebuild && b.loaderSeconds).map((b) => b.loaderSeconds),
	);
	if (oursSyncMain) {
		const peerMs = results.cold.oursMs - oursSyncMain * 1000 + results.peer.peerSyncSeconds * 1000 * (main / config.peerSize);
		results.peer.estimateAtMain = {
			size: main,
			peerMs: Math.round(peerMs),
			oursMs: results.cold.oursMs,
			ratio: peerMs / results.cold.oursMs,
			oursSyncSeconds: oursSyncMain,
			peerSyncSeconds: results.peer.peerSyncSeconds * (main / config.peerSize),
		};
	}
}

// 5: memory and time at every size, each beside the floor (the main size is reused).
for (const size of config.sizes) {
	if (size === main && !config.scaleOnly) {
		const c = config.scaleIncremental ? results.cold : results.cold.withoutIncremental;
		results.scale.push({
			size,
			oursMs: c.oursMs,
			floorMs: c.floorMs,
			oursRssBytes: c.oursRssBytes,
			floorRssBytes: c.floorRssBytes,
			reps: config.reps,
		});
		continue;
	}
	if (!config.scale) continue;
	await withCatalogue(size, async (sim, env) => {
		const row = { size, reps: 1 };
		const roots = [];
		for (const kind of ['floor', 'ours']) {
			const { record, root } = await measure(sim, {
				kind,
				size,
				label: `${kind}-${size}`,
				env: { ...env, BENCH_INCREMENTAL: config.scaleIncremental ? '1' : '0' },
			});
			record.incremental = config.scaleIncremental;
			row[`${kind}Ms`] = record.ok ? record.wallMs : undefined;
			row[`${kind}RssBytes`] = record.ok ? record.maxRssBytes : undefined;
			if (!record.ok) row[`${kind}Error`] = record.error.split('\n').slice(0, 3).join(' ');
			roots.push(root);
		}
		// After both: deleting GBs of the floor's output right before ours' build would slow ours.
		for (const root of roots) await dropSite(root);
		results.scale.push(row);
	});
}

// Live serving (issue 6), from bench/live.mjs when present.
if (config.live) results.live = await runLive();
if (config.live)
	results.sitemap = await sitemapFigure().catch((error) => {
		results.errors.push(`sitemap: ${String(error.message ?? error).split('\n')[0]}`);
		return undefined;
	});

results.finishedAt = new Date().toISOString();
results.machine.loadAtEnd = (await machineInfo()).loadAtStart;
await writeFile(resultsFile, `${JSON.stringify(results, null, '\t')}\n`);
await writeFile(markdownFile, renderMarkdown(results));
if (smoke) await rm(work, { recursive: true, force: true });
say(`results: ${resultsFile}`);
say(`report: ${markdownFile}`);
if (results.errors.length) say(`${results.errors.length} build(s) failed: see the report`);

async function compareOutputs(a, b) {
	const [x, y] = await Promise.all([htmlFiles(a), htmlFiles(b)]);
	const ys = new Set(y);
	const onlyOurs = x.filter((f) => !ys.has(f));
	const xs = new Set(x);
	const onlyFloor = y.filter((f) => !xs.has(f));
	return {
		equal: onlyOurs.length === 0 && onlyFloor.length === 0,
		oursFiles: x.length,
		floorFiles: y.length,
		onlyOurs: onlyOurs.slice(0, 5),
		onlyFloor: onlyFloor.slice(0, 5),
	};
}

async function runLive() {
	const script = join(BENCH, 'live.mjs');
	if (!existsSync(script)) return { ok: false, reason: 'bench/live.mjs does not exist in this checkout' };
	say('live serving bench (bench/live.mjs)');
	const child = spawn(process.execPath, [script, '--json', ...(smoke ? ['--smoke'] : [])], {
		cwd: REPO,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const out = [];
	const err = [];
	child.stdout.on('data', (c) => out.push(c));
	child.stderr.on('data', (c) => err.push(c));
	const timer = setTimeout(() => child.kill('SIGTERM'), smoke ? 180_000 : 900_000);
	const code = await new Promise((resolve) => child.on('close', resolve));
	clearTimeout(timer);
	const stdout = Buffer.concat(out).toString('utf8');
	const last = stdout.trim().split('\n').at(-1) ?? '';
	if (code !== 0)
		return {
			ok: false,
			reason: `bench/live.mjs exited with ${code}: ${Buffer.concat(err).toString('utf8').trim().split('\n').slice(-3).join(' ')}`,
		};
	try {
		const data = JSON.parse(last);
		say(`  live: ${last}`);
		// The per-product figure is only in its human-readable lines (stderr).
		const stderr = Buffer.concat(err).toString('utf8');
		const perProduct = /at most (\d+) per product within one max-age window/.exec(stderr);
		return {
			ok: true,
			...data,
			maxUpstreamPerProductPerWindow: perProduct ? Number(perProduct[1]) : undefined,
			summary: stderr
				.split('\n')
				.filter((l) => /^\s+(cached hits|misses|ratio|upstream|hits|cdn\b[^:]*):/.test(l))
				.map((l) => l.trimEnd()),
		};
	} catch {
		return { ok: false, reason: `last stdout line of bench/live.mjs is not JSON: ${last.slice(0, 200)}` };
	}
}
