// Figure 5d: the static build on Node's default heap, as a user's `astro build` runs it (no
// `--max-old-space-size`): the floor, ours, and with `--baseline <dir>` another checkout of the
// package (built) on the same catalogue, one build each, floor first. A failed build is a result:
// its first error line is kept.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { gib, s } from './report-format.mjs';
import { BENCH, prepareWork } from './sites.mjs';

/** This Node's default heap limit, as a child without flags gets it. */
function defaultHeapLimitBytes() {
	const out = execFileSync(process.execPath, [
		'-p',
		'require("node:v8").getHeapStatistics().heap_size_limit',
	]);
	return Number(String(out).trim());
}

function checkoutLabel(dir) {
	try {
		return execFileSync('git', ['-C', dir, 'log', '-1', '--format=%h'], {
			encoding: 'utf8',
		}).trim();
	} catch {
		return dir;
	}
}

/** At `sizes` (a full run: its main size; `--only default-heap`: `--sizes`). */
export async function defaultHeapFigure(run, sizes = run.config.sizes) {
	const { config } = run;
	const baseline = config.baseline
		? {
				dir: config.baseline,
				commit: checkoutLabel(config.baseline),
				work: await prepareWork(join(BENCH, '.work', 'baseline'), config.baseline),
			}
		: undefined;
	const sites = [
		{ kind: 'floor', name: 'floor', work: run.work },
		{ kind: 'ours', name: 'ours', work: run.work },
		...(baseline ? [{ kind: 'ours', name: 'baseline', work: baseline.work }] : []),
	];
	const rows = [];
	for (const size of sizes)
		rows.push(
			await run.withCatalogue(size, async (sim, env) => {
				const row = { size, catalogueBytes: run.results.catalogue[size]?.jsonBytes, builds: {} };
				for (const site of sites) {
					const { record, root } = await run.measure(sim, {
						kind: site.kind,
						size,
						label: `${site.name}-${size}-default-heap`,
						work: site.work,
						maxOldSpaceMb: null,
						env: { ...env, BENCH_INCREMENTAL: '0' },
					});
					row.builds[site.name] = record.ok
						? {
								ok: true,
								wallMs: record.wallMs,
								maxRssBytes: record.maxRssBytes,
								heapLimitMiB: record.heapLimitMiB,
							}
						: { ok: false, error: firstError(record.error) };
					await run.dropSite(root);
				}
				return row;
			}),
		);
	return {
		ok: true,
		heapLimitBytes: defaultHeapLimitBytes(),
		storage: config.storage,
		baseline: baseline && { dir: baseline.dir, commit: baseline.commit },
		rows,
	};
}

/** The line that says why a build failed (V8's or Astro's), not the exit code's. */
function firstError(error = '') {
	const lines = error.split('\n');
	const why = lines.find((l) => /RangeError|heap out of memory|Error:/.test(l));
	return (why ?? lines[0] ?? '').trim().slice(0, 200);
}

/** Figure 5d's lines for BENCHMARKS.md. */
export function defaultHeapMarkdown(f, { n }) {
	if (!f?.ok) return ['Not measured in this run.'];
	const names = ['floor', 'ours', ...(f.baseline ? ['baseline'] : [])];
	const title = {
		floor: '`file()` floor',
		ours: 'ours',
		baseline: `ours at ${f.baseline?.commit ?? ''}`,
	};
	const cell = (b) =>
		!b ? '—' : b.ok ? `${s(b.wallMs)}, ${gib(b.maxRssBytes)}` : `failed: ${b.error}`;
	return [
		`${f.measuredBy ? `${f.measuredBy}. ` : ''}Each build without \`--max-old-space-size\`: Node's default heap limit here is ${gib(f.heapLimitBytes)}. \`collectionStorage: '${f.storage}'\`, \`incrementalBuild\` off, one build each, floor first. Each cell: wall time, peak RSS.`,
		'',
		`| products | catalogue JSON | ${names.map((name) => title[name]).join(' | ')} |`,
		`|---|---|${names.map(() => '---').join('|')}|`,
		...f.rows.map(
			(row) =>
				`| ${n(row.size)} | ${row.catalogueBytes ? `${(row.catalogueBytes / 2 ** 20).toFixed(0)} MiB` : '—'} | ${names.map((name) => cell(row.builds[name])).join(' | ')} |`,
		),
	];
}
