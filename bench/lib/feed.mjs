// The product review feed's cost: ours with `reviewsFeed` on and off, same catalogue,
// alternating order, cold builds without incrementalBuild; the feed's size and the writer's own time.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { median } from './median.mjs';
import { plain } from './sites.mjs';

export const FEED_FILE = 'product-reviews.xml';

/** The integration's "Review feed: …" and "… left out of the feed: …" log lines, as numbers. */
export function feedLog(output) {
	const text = plain(output);
	const written =
		/Review feed: \S+, ([\d,]+) reviews? from ([\d,]+) product pages? \(([\d.]+) MiB, ([\d.]+) s\)/.exec(
			text,
		);
	if (!written) return undefined;
	const count = (value) => Number(value.replace(/,/g, ''));
	const left =
		/([\d,]+) reviews? left out of the feed: ([\d,]+) no transcript \/ ([\d,]+) no date/.exec(text);
	return {
		reviews: count(written[1]),
		pages: count(written[2]),
		writerMs: Math.round(Number(written[4]) * 1000),
		leftOut: left
			? { total: count(left[1]), noTranscript: count(left[2]), noDate: count(left[3]) }
			: { total: 0, noTranscript: 0, noDate: 0 },
	};
}

/**
 * Runs the pairs through `measure` (run.mjs) and returns the figures. `drop` deletes a site
 * once its numbers are taken. `reuseOff`: the record of a build with the same inputs as the
 * first "off" build (the smoke's, bench/lib/options.mjs), taken instead of building it again.
 */
export async function measureFeed({ sim, env, size, reps, measure, drop, reuseOff }) {
	const runs = { on: [], off: [] };
	let feed;
	for (let rep = 1; rep <= reps; rep++) {
		for (const mode of rep % 2 === 1 ? ['off', 'on'] : ['on', 'off']) {
			if (rep === 1 && mode === 'off' && reuseOff) {
				runs.off.push({ ...reuseOff, reviewsFeed: false });
				continue;
			}
			const { record, root } = await measure(sim, {
				kind: 'ours',
				size,
				label: `ours-${size}-feed-${mode}-r${rep}`,
				env: { ...env, BENCH_INCREMENTAL: '0', BENCH_REVIEWS_FEED: mode === 'on' ? '1' : '0' },
			});
			record.reviewsFeed = mode === 'on';
			if (record.ok && mode === 'on') {
				record.feed = {
					...record.feedLog,
					bytes: (await stat(join(root, 'dist', FEED_FILE))).size,
				};
				feed ??= record.feed;
			}
			runs[mode].push(record);
			await drop(root);
		}
	}
	const ok = (list) => list.filter((r) => r.ok);
	const onMs = median(ok(runs.on).map((r) => r.wallMs));
	const offMs = median(ok(runs.off).map((r) => r.wallMs));
	return {
		size,
		reps,
		onMs,
		offMs,
		onRuns: runs.on.map((r) => r.wallMs),
		offRuns: runs.off.map((r) => r.wallMs),
		deltaMs: onMs !== undefined && offMs !== undefined ? onMs - offMs : undefined,
		writerMs: median(ok(runs.on).map((r) => r.feed.writerMs)),
		writerRuns: ok(runs.on).map((r) => r.feed.writerMs),
		onRssBytes: median(ok(runs.on).map((r) => r.maxRssBytes)),
		offRssBytes: median(ok(runs.off).map((r) => r.maxRssBytes)),
		feed,
	};
}

/** Markdown lines of the figure, for BENCHMARKS.md. */
export function feedMarkdown(f, { n, s }) {
	if (!f) return ['Not measured in this run.'];
	const mib = (bytes) => (bytes ? `${(bytes / 2 ** 20).toFixed(1)} MiB` : '—');
	return [
		`Ours at ${n(f.size)} products with \`reviewsFeed\` on and off (same catalogue, cold builds without \`incrementalBuild\`, alternating order, median of ${f.reps}).`,
		'',
		'| | feed off | feed on | difference |',
		'|---|---|---|---|',
		`| build wall time | ${s(f.offMs)} | ${s(f.onMs)} | ${s(f.deltaMs)} |`,
		`| peak RSS | ${mib(f.offRssBytes)} | ${mib(f.onRssBytes)} | ${mib(f.onRssBytes - f.offRssBytes)} |`,
		'',
		`The feed: ${mib(f.feed?.bytes)} (${n(f.feed?.bytes)} bytes), ${n(f.feed?.reviews)} reviews from ${n(f.feed?.pages)} product pages; ` +
			`${n(f.feed?.leftOut.total)} rated reviews left out (${n(f.feed?.leftOut.noTranscript)} without a transcript, ${n(f.feed?.leftOut.noDate)} without a date). ` +
			`Writing it (selection, XML, streamed to disk) took ${n(f.writerMs)} ms of the build (median; runs: ${f.writerRuns.map((ms) => `${n(ms)} ms`).join(', ')}); wall-time runs on: ${f.onRuns.map(s).join(', ')}, off: ${f.offRuns.map(s).join(', ')}.`,
	];
}
