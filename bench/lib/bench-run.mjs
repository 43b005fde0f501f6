import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dumpCatalogue, startBenchSimulator } from './catalogue.mjs';
import { feedLog } from './feed.mjs';
import { machineInfo } from './machine.mjs';
import {
	astroBuild,
	BENCH,
	freshSite,
	loaderSeconds,
	pageLog,
	prepareWork,
	REPO,
	syncLine,
} from './sites.mjs';

const mib = (bytes) => Math.round(bytes / 2 ** 20);
const firstLine = (error) => String(error.message ?? error).split('\n')[0];

/**
 * One measuring run: where its results go, the results as they grow, and the three things every
 * figure does with them: build a site and record it (`measure`), serve a catalogue for a while
 * (`withCatalogue`), and drop a site's output (`dropSite`).
 */
export async function startRun(config, args) {
	// Smoke and partial runs never overwrite the real figures.
	const partial = args.only !== undefined;
	const outDir =
		args['out-dir'] ??
		(config.smoke || partial ? await mkdtemp(join(tmpdir(), 'aar-bench-')) : REPO);
	const resultsFile =
		config.smoke || partial || args['out-dir']
			? join(outDir, 'results.json')
			: join(BENCH, 'results.json');
	await mkdir(outDir, { recursive: true });
	// Under the repository (sites resolve `astro` from its node_modules); one folder per smoke run so parallel runs never collide.
	const work = await prepareWork(
		join(BENCH, '.work', config.smoke ? `smoke-${process.pid}` : 'full'),
	);
	const say = (message) =>
		console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
	const results = await emptyResults(config, resultsFile);
	say(
		`machine: ${results.machine.cpu}, ${results.machine.cores} cores, load ${results.machine.loadAtStart.join(' ')}`,
	);
	const run = {
		config,
		results,
		work,
		say,
		resultsFile,
		markdownFile: join(outDir, 'BENCHMARKS.md'),
		main: config.sizes[0],
	};
	return Object.assign(run, {
		measure: (sim, options) => measure(run, sim, options),
		withCatalogue: (size, body) => withCatalogue(run, size, body),
		/** Removes a site's output and caches (a 100k site is several GB). */
		dropSite: (root) => rm(root, { recursive: true, force: true }),
		save: () => writeFile(resultsFile, `${JSON.stringify(results, null, '\t')}\n`),
	});
}

async function emptyResults(config, resultsFile) {
	return {
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
}

/** One build, recorded in results.builds; never throws (a failed build is a result too). */
async function measure(
	run,
	sim,
	{ kind, size, label, env, root, cpuProfDir, rebuild = false, work = run.work, maxOldSpaceMb },
) {
	const { config, results, say } = run;
	const siteRoot = root ?? (await freshSite(work, kind, label));
	sim?.resetStats();
	say(`${rebuild ? 'rebuild' : 'build'} ${kind} ${size.toLocaleString('en-US')} (${label})`);
	const record = { kind, size, label, rebuild, storage: config.storage };
	try {
		const build = await astroBuild(siteRoot, {
			env: { ...env, BENCH_STORAGE: config.storage },
			cpuProfDir,
			maxOldSpaceMb,
			logFile: join(work, `${label}${rebuild ? '-rebuild' : ''}.log`),
		});
		Object.assign(record, buildRecord(build, sim && kind !== 'floor' ? sim : undefined));
		say(
			`  ${(build.wallMs / 1000).toFixed(1)} s, peak RSS ${mib(build.maxRssBytes)} MiB, ${record.pagesRendered} rendered, ${record.pagesSkipped} skipped${record.requests ? `, ${record.requests.list} list + ${record.requests.single} single requests` : ''}`,
		);
	} catch (error) {
		Object.assign(record, { ok: false, error: String(error.message ?? error).slice(0, 4000) });
		results.errors.push(`${kind} ${size}${rebuild ? ' rebuild' : ''}: ${firstLine(error)}`);
		say(`  FAILED: ${firstLine(error)}`);
	}
	results.builds.push(record);
	return { record, root: siteRoot };
}

/** What a build's log and the simulator's counters tell of it; `sim` only where the site asks the service. */
function buildRecord(build, sim) {
	const pages = pageLog(build.output);
	return {
		ok: true,
		wallMs: Math.round(build.wallMs),
		maxRssBytes: build.maxRssBytes,
		heapLimitMiB: build.heapLimitMiB,
		cpuMs: Math.round(build.cpuMs),
		pagesRendered: pages.rendered.length,
		pagesSkipped: pages.skipped,
		renderedSlugs: pages.rendered.length <= 20 ? pages.rendered : undefined,
		memory: build.memory,
		sync: syncLine(build.output),
		loaderSeconds: loaderSeconds(build.output),
		feedLog: feedLog(build.output),
		requests: sim
			? {
					list: sim.stats.list,
					single: sim.stats.single,
					total: sim.stats.total,
					notModified: sim.stats.notModified,
				}
			: undefined,
	};
}

/** Serves a catalogue of `size` products (and its data dump, for the floor) while `body` runs. */
async function withCatalogue(run, size, body) {
	const { config, results, work, say } = run;
	const sim = await startBenchSimulator(size, {
		latencyMs: config.latencyMs,
		maxLimit: config.cap,
	});
	const data = join(work, `data-${size}.json`);
	try {
		results.catalogue[size] = await dumpCatalogue(sim, data);
		say(`catalogue ${size}: ${JSON.stringify(results.catalogue[size])}`);
		const env = {
			BENCH_BASE_URL: sim.baseUrl,
			BENCH_WEBSITE_ID: sim.websiteId,
			BENCH_DATA_FILE: data,
		};
		return await body(sim, env);
	} finally {
		await sim.close();
		await rm(data, { force: true });
	}
}
