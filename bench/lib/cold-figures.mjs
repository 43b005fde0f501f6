import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { feedFigure, longTailFigure, searchFigure } from './figures-alone.mjs';
import { median } from './median.mjs';
import { pollFigure } from './poll-figure.mjs';
import { summariseProfile } from './profile.mjs';
import { rebuildFigure } from './rebuild-figure.mjs';
import { htmlFiles } from './sites.mjs';

const ok = (list) => list.filter((r) => r.ok);

/**
 * Figures 1, 3 and 4 at the main size, with one catalogue served: cold builds against the floor
 * (alternating order, median of reps), the requests they made, the one-edit rebuilds; then the
 * long tail, the feed, search and the CPU profile on the same catalogue.
 */
export async function coldFigures(run, sim, env) {
	const { results, config, main } = run;
	const { runs, roots } = await coldBuilds(run, sim, env);
	const pair = (mode) => pairFigure(runs[mode], roots[mode], mode);
	results.cold = {
		size: main,
		target: 1.15,
		...(await pair('on')),
		withoutIncremental: await pair('off'),
	};
	results.requests = requestsFigure(run, ok([...runs.on.ours, ...runs.off.ours]));
	// 4: one product changed, same site folder (store and incremental cache kept), as configured and with dist/ kept.
	if (roots.on.ours && ok(runs.on.ours).length) {
		const refs = sim.refs().filter((ref) => /^[A-Za-z0-9_-]+$/.test(ref));
		const rebuild = (changed, keepDist) =>
			rebuildFigure(run, { sim, env, root: roots.on.ours, changed, keepDist });
		results.rebuild = await rebuild(refs[Math.floor(refs.length / 2)], false);
		results.rebuildKeepDist = await rebuild(refs[Math.floor(refs.length / 3)], true);
	}
	// 7: the long tail where a visitor meets it, on figure 1's last site of ours (incrementalBuild off).
	if (roots.off.ours && results.cold.withoutIncremental.oursMs)
		results.longTail = await longTailFigure(
			run,
			sim,
			roots.off.ours,
			results.cold.withoutIncremental,
		);
	// The smoke's feed and search take the last cold build of ours without incrementalBuild as
	// their build without the option (the same inputs): kept until they are done.
	const offOurs = runs.off.ours.at(-1);
	const reuseOff =
		config.reuseColdBuild && offOurs?.ok ? { record: offOurs, root: roots.off.ours } : undefined;
	for (const mode of ['on', 'off'])
		for (const root of Object.values(roots[mode]))
			if (root !== reuseOff?.root) await run.dropSite(root);
	results.feed = await feedFigure(run, sim, env, reuseOff);
	results.search = await searchFigure(run, sim, env, 1, reuseOff);
	if (reuseOff) await run.dropSite(reuseOff.root);
	if (config.profile) results.profile = await profileFigure(run, sim, env);
	// Last: its deletion changes the catalogue.
	results.poll = await pollFigure(run, sim, env);
}

/**
 * Headline: both sites as configured (incrementalBuild on). Also both with it off: with a
 * cacheKey (ours), Astro writes every page twice on a cold build (dist + its cache). Keeps the
 * last site of each kind and mode, for the rebuilds and the output comparison.
 */
async function coldBuilds(run, sim, env) {
	const { config, main } = run;
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
			const { record, root } = await run.measure(sim, {
				kind,
				size: main,
				label: `${kind}-${main}-${mode}-r${rep}`,
				env: { ...env, BENCH_INCREMENTAL: incremental },
			});
			record.incremental = mode === 'on';
			runs[mode][kind].push(record);
			if (roots[mode][kind]) await run.dropSite(roots[mode][kind]);
			roots[mode][kind] = root;
		}
	}
	return { runs, roots };
}

/** Ours against the floor in one mode: medians of time and peak RSS, and whether both wrote the same pages. */
async function pairFigure({ ours, floor }, roots, mode) {
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
		samePages: oursMs && floorMs ? await compareOutputs(roots.ours, roots.floor) : undefined,
	};
}

/** 3: the list and single requests of ours' cold builds, the most any of them made. */
function requestsFigure({ config, main }, builds) {
	if (!builds[0]) return undefined;
	return {
		size: main,
		cap: config.cap,
		list: Math.max(...builds.map((r) => r.requests.list)),
		single: Math.max(...builds.map((r) => r.requests.single)),
		maxList: Math.ceil(main / config.cap) + 1,
		perRun: builds.map((r) => ({ label: r.label, ...r.requests })),
	};
}

/** One more build of ours, with --cpu-prof (its time is not a figure). */
async function profileFigure(run, sim, env) {
	const dir = join(run.work, 'cpu-profile');
	await rm(dir, { recursive: true, force: true });
	await mkdir(dir, { recursive: true });
	const { record, root } = await run.measure(sim, {
		kind: 'ours',
		size: run.main,
		label: `ours-${run.main}-profile`,
		env,
		cpuProfDir: dir,
	});
	const files = (await readdir(dir)).filter((f) => f.endsWith('.cpuprofile'));
	await run.dropSite(root);
	if (!record.ok || !files.length) return undefined;
	return {
		size: run.main,
		wallMs: record.wallMs,
		file: join(dir, files[0]),
		...(await summariseProfile(join(dir, files[0]))),
	};
}

/** Whether two sites wrote the same HTML files, with a few of those only one wrote. */
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
