import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderMarkdown } from './report.mjs';
import { BENCH, REPO } from './sites.mjs';

/** The figures a partial run (`--only`) measures alone, as results.json names them. */
const PARTIAL_FIGURES = [
	'longTail',
	'search',
	'feed',
	'sitemap',
	'poll',
	'liveNodes',
	'liveMetrics',
	'dev',
	'searchPostgres',
	'defaultHeap',
];

/**
 * `--report-only`: BENCHMARKS.md again from results.json (after editing bench/analysis.md or the
 * report layout), without building anything; `merge` first adds a partial run's figure, measured
 * alone (its own date, load and command are in it).
 */
export async function reportOnly({ dir, merge }) {
	const file = dir ? join(dir, 'results.json') : join(BENCH, 'results.json');
	const data = JSON.parse(await readFile(file, 'utf8'));
	if (merge) {
		const partial = JSON.parse(await readFile(merge, 'utf8'));
		const figures = PARTIAL_FIGURES.filter((figure) => partial[figure] !== undefined);
		if (figures.length === 0)
			throw new Error(
				`--merge: ${merge} has no figure of a partial run (--only long-tail, search, feed, sitemap, poll, nodes, metrics, dev, search-postgres or default-heap)`,
			);
		for (const figure of figures) data[figure] = partial[figure];
		await writeFile(file, `${JSON.stringify(data, null, '\t')}\n`);
	}
	await writeFile(join(dir ?? REPO, 'BENCHMARKS.md'), renderMarkdown(data));
	console.log(`report: ${join(dir ?? REPO, 'BENCHMARKS.md')}`);
}
