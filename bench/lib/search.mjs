// Static search: ours with `search: 'pagefind'` on and off, same catalogue, cold
// builds without incrementalBuild; then Pagefind's own binary over each dist/, its wall time,
// peak RSS (its VmHWM) and what it writes.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median } from './median.mjs';
import { kib } from './report-format.mjs';
import { measureQueryBytes } from './search-bytes.mjs';
import { mixedQueries } from './search-queries.mjs';
import { htmlFiles, REPO } from './sites.mjs';

// The binary itself, not the npm wrapper (a Node process that spawns it): its memory is the
// index's. Found as the wrapper finds it (not among the package's exports, hence the path).
const { resolveBinaryPath } = await import(
	pathToFileURL(join(REPO, 'node_modules/pagefind/lib/resolveBinary.js')).href
);
const PAGEFIND_BINARY = resolveBinaryPath(['pagefind_extended', 'pagefind']);
/** What the docs recipe suggests for hosts that cap the number of files. */
export const MAX_FRAGMENTS = 1000;

/** Files and bytes under `dir`. */
async function folderSize(dir) {
	const entries = await readdir(dir, { recursive: true, withFileTypes: true });
	const files = entries
		.filter((entry) => entry.isFile())
		.map((entry) => join(entry.parentPath, entry.name));
	const sizes = await Promise.all(files.map(async (file) => (await stat(file)).size));
	return { files: files.length, bytes: sizes.reduce((sum, size) => sum + size, 0) };
}

/**
 * Pagefind's peak resident set size so far (VmHWM, Linux), read every 20 ms while it runs: the
 * high-water mark only grows, so the last reading before exit is the peak within 20 ms.
 */
function watchPeak(pid) {
	let peakKiB = 0;
	const timer = setInterval(() => {
		const status = readProcStatus(pid);
		const kiB = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
		if (kiB > peakKiB) peakKiB = kiB;
	}, 20);
	return () => {
		clearInterval(timer);
		return peakKiB * 1024;
	};
}

function readProcStatus(pid) {
	try {
		return readFileSync(`/proc/${pid}/status`, 'utf8');
	} catch {
		return '';
	}
}

/** Runs Pagefind over `dist`; its wall time, peak RSS, counts and what it wrote to dist/pagefind/. */
async function indexSite(dist, extraArgs = []) {
	// Pagefind leaves the files of an earlier run in place: they would count as this one's.
	await rm(join(dist, 'pagefind'), { recursive: true, force: true });
	const started = performance.now();
	const child = spawn(PAGEFIND_BINARY, ['--site', dist, ...extraArgs], {
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const peak = watchPeak(child.pid);
	let output = '';
	child.stdout.on('data', (chunk) => (output += chunk));
	child.stderr.on('data', (chunk) => (output += chunk));
	const code = await new Promise((resolve, reject) => {
		child.on('error', reject);
		child.on('close', resolve);
	});
	const wallMs = Math.round(performance.now() - started);
	const maxRssBytes = peak();
	if (code !== 0)
		throw new Error(`pagefind --site ${dist} exited with ${code}:\n${output.slice(-4000)}`);
	const count = (label) =>
		Number(
			new RegExp(`Indexed ([\\d,]+) ${label}`).exec(output)?.[1].replace(/,/g, '') ?? Number.NaN,
		);
	return {
		wallMs,
		maxRssBytes,
		pages: count('pages?'),
		words: count('words?'),
		filters: count('filters?'),
		sorts: count('sorts?'),
		...(await folderSize(join(dist, 'pagefind'))),
	};
}

/**
 * The figure: builds through `measure` (run.mjs), indexes each; `drop` deletes a site once
 * measured. `reuseOff`: `{ record, root }` of a build with the same inputs as the first "off"
 * build (the smoke's, bench/lib/options.mjs), indexed instead of building it again and left for
 * its owner to drop. `queries`: how many mixed queries measure Pagefind's bytes per query in
 * Chromium (bench/lib/search-bytes.mjs), on the first build with the option.
 */
export async function measureSearch({ sim, env, size, reps, measure, drop, reuseOff, queries }) {
	const runs = { on: [], off: [] };
	for (let rep = 1; rep <= reps; rep++) {
		for (const mode of rep % 2 === 1 ? ['off', 'on'] : ['on', 'off']) {
			const reused = rep === 1 && mode === 'off' ? reuseOff : undefined;
			const { record, root } = reused
				? { record: { ...reused.record }, root: reused.root }
				: await measure(sim, {
						kind: 'ours',
						size,
						label: `ours-${size}-search-${mode}-r${rep}`,
						env: { ...env, BENCH_INCREMENTAL: '0', BENCH_SEARCH: mode === 'on' ? 'pagefind' : '' },
					});
			if (record.ok) {
				record.index = await indexSite(join(root, 'dist'));
				// Once, on the default index (the next run rewrites dist/pagefind/).
				if (mode === 'on' && queries && !runs.on.some((r) => r.queryBytes))
					record.queryBytes = await queryBytes(root, sim, queries);
				if (mode === 'on')
					record.indexMaxFragments = await indexSite(join(root, 'dist'), [
						'--max-fragments',
						String(MAX_FRAGMENTS),
					]);
			}
			runs[mode].push(record);
			if (!reused) await drop(root);
		}
	}
	const ok = (list) => list.filter((r) => r.ok && r.index);
	const summary = (list) => ({
		buildMs: median(ok(list).map((r) => r.wallMs)),
		buildRssBytes: median(ok(list).map((r) => r.maxRssBytes)),
		indexMs: median(ok(list).map((r) => r.index.wallMs)),
		indexRssBytes: median(ok(list).map((r) => r.index.maxRssBytes)),
		index: ok(list)[0]?.index,
		indexMaxFragments: ok(list)[0]?.indexMaxFragments,
		queryBytes: ok(list).find((r) => r.queryBytes)?.queryBytes,
	});
	return { size, reps, maxFragments: MAX_FRAGMENTS, on: summary(runs.on), off: summary(runs.off) };
}

/**
 * Pagefind's bytes per query over the site at `root`, from a product page (the site's language),
 * the catalogue's mixed queries in its one locale. A failure is the figure's, reported with its
 * reason: the build and index figures still stand.
 */
async function queryBytes(root, sim, count) {
	try {
		const page = (await htmlFiles(root)).find((path) => path.startsWith('/products/'));
		if (!page) throw new Error(`no product page under ${join(root, 'dist')}`);
		const queries = mixedQueries(sim, { count, locales: ['fr'] }).map(({ q }) => q);
		return await measureQueryBytes({
			dist: join(root, 'dist'),
			pagePath: page.replace(/index\.html$/, ''),
			queries,
		});
	} catch (error) {
		return { error: String(error?.message ?? error).split('\n')[0] };
	}
}

/** Markdown lines of the figure, for BENCHMARKS.md. */
export function searchMarkdown(f, { n, s }) {
	if (!f) return ['Not measured in this run.'];
	const mib = (bytes) => (bytes ? `${(bytes / 2 ** 20).toFixed(1)} MiB` : '—');
	const row = (label, pick) => `| ${label} | ${pick(f.off)} | ${pick(f.on)} |`;
	return [
		...(f.measuredBy ? [`${f.measuredBy}.`, ''] : []),
		`Ours at ${n(f.size)} products (1 locale), cold builds without \`incrementalBuild\`, then Pagefind's binary over \`dist/\` (\`pagefind --site dist\`; median of ${f.reps}). "Without": the pages as they are; "with": \`audioReviews({ search: 'pagefind' })\`.`,
		'',
		"| | without `search` | with `search: 'pagefind'` |",
		'|---|---|---|',
		row('cold `astro build`', (x) => s(x.buildMs)),
		row('build peak RSS', (x) => mib(x.buildRssBytes)),
		row('Pagefind index time', (x) => s(x.indexMs)),
		row('Pagefind peak RSS', (x) => mib(x.indexRssBytes)),
		row('pages indexed', (x) => n(x.index?.pages)),
		row('words indexed', (x) => n(x.index?.words)),
		row('filters / sorts', (x) => `${n(x.index?.filters)} / ${n(x.index?.sorts)}`),
		row('files in dist/pagefind/', (x) => n(x.index?.files)),
		row('size of dist/pagefind/', (x) => mib(x.index?.bytes)),
		'',
		`With \`--max-fragments ${f.maxFragments}\` (for hosts that cap the file count), the option's index is ${n(f.on.indexMaxFragments?.files)} files, ${mib(f.on.indexMaxFragments?.bytes)}, written in ${s(f.on.indexMaxFragments?.wallMs)} (peak RSS ${mib(f.on.indexMaxFragments?.maxRssBytes)}).`,
		'',
		...queryBytesMarkdown(f.on.queryBytes, { n }),
	];
}

/** What a browser fetches per query from the option's index (bench/lib/search-bytes.mjs). */
function queryBytesMarkdown(q, { n }) {
	if (!q) return ['**Bytes fetched per query**: not measured in this run.'];
	if (q.error) return [`**Bytes fetched per query**: not measured: ${q.error}.`];
	const requests = (x) => `${n(x.medianRequests)} / ${n(x.p95Requests)}`;
	const kinds = q.coldByKind;
	return [
		`**Bytes fetched per query** from the index with the option: ${n(q.queries)} mixed queries (names, common words, two words, one-typo words, prefixes, as figure 6g sends; ${n(q.withResults)} with results), each \`pagefind.search(q)\` then \`data()\` of the first ${q.resultsShown} results (a list of ${q.resultsShown}), through Pagefind's own JS API in Chromium on a product page of the site, \`dist/\` served as files on loopback. Bytes are those the server wrote for each response under \`/pagefind/\` (headers included, no HTTP compression).`,
		'',
		'| per query | median | p95 | requests (median / p95) |',
		'|---|---|---|---|',
		`| cold: a fresh browser context | ${kib(q.cold.medianBytes)} | ${kib(q.cold.p95Bytes)} | ${requests(q.cold)} |`,
		`| warm: the same page, Pagefind loaded | ${kib(q.warm.medianBytes)} | ${kib(q.warm.p95Bytes)} | ${requests(q.warm)} |`,
		'',
		`A cold query's median by file: loader and worker ${kib(kinds.loader ?? 0)}, WebAssembly ${kib(kinds.wasm ?? 0)}, metadata ${kib(kinds.meta ?? 0)}, index chunks ${kib(kinds.index ?? 0)}, fragments ${kib(kinds.fragment ?? 0)}. The warm page paid ${kib(q.start.bytes)} once before its first query (${n(q.start.requests)} requests: loader, worker, WebAssembly, metadata); a host that compresses scripts would send the loader and worker's ${kib(q.start.loaderBodyBytes)} as ${kib(q.start.loaderGzipBodyBytes)} of gzip.`,
	];
}
