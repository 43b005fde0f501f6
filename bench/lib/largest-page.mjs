// The long tail's cost where a visitor meets it: on a built site of the long-tail
// catalogue, the pages written, the largest page's HTML bytes and DOM elements, and Lighthouse's
// performance score of that page on a phone (simulated slow 4G and CPU, Lighthouse's default).
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { launchDevtoolsChromium, stopDevtoolsChromium } from '../../scripts/devtools-chromium.mjs';
import { serveDist } from '../../scripts/serve-dist.mjs';
import { median } from './median.mjs';
import { htmlFiles } from './sites.mjs';

export const PERFORMANCE_GOAL = 95;
/** Lighthouse's performance metrics, in the order its report lists them. */
const METRICS = [
	'first-contentful-paint',
	'largest-contentful-paint',
	'total-blocking-time',
	'cumulative-layout-shift',
	'speed-index',
];

/** Pages written under dist/ and the largest of them, by bytes. */
export async function largestPage(root) {
	const pages = await htmlFiles(root);
	let largest = { path: '', bytes: 0 };
	for (const path of pages) {
		const { size } = await stat(join(root, 'dist', path));
		if (size > largest.bytes) largest = { path, bytes: size };
	}
	return { pages: pages.length, largest };
}

/**
 * The figure for the site built at `root`. Never throws: a failed audit is reported with its
 * reason, the page figures still stand.
 */
export async function measureLargestPage(root, { say = () => {} } = {}) {
	const { pages, largest } = await largestPage(root);
	say(
		`  ${pages.toLocaleString('en-US')} pages written; largest ${largest.path} (${largest.bytes.toLocaleString('en-US')} bytes)`,
	);
	const figure = { pages, path: largest.path, bytes: largest.bytes, goal: PERFORMANCE_GOAL };
	try {
		Object.assign(figure, await audit(join(root, 'dist'), largest.path));
		say(
			`  Lighthouse performance ${figure.performance}, ${figure.elements.toLocaleString('en-US')} DOM elements`,
		);
	} catch (error) {
		figure.auditError = String(error.message ?? error).split('\n')[0];
		say(`  Lighthouse failed: ${figure.auditError}`);
	}
	return figure;
}

async function audit(dist, path) {
	const site = await serveDist(dist);
	const profile = await mkdtemp(join(tmpdir(), 'aar-bench-lighthouse-'));
	const chromium = await launchDevtoolsChromium(profile, [
		'--no-sandbox',
		'--disable-gpu',
		'--no-first-run',
		'--disable-background-networking',
		'--disable-component-update',
	]);
	try {
		const result = await lighthouse(
			`${site.origin}${encodeURI(path.replace(/index\.html$/, ''))}`,
			{
				port: chromium.port,
				output: 'json',
				logLevel: 'error',
				onlyCategories: ['performance'],
				formFactor: 'mobile',
			},
		);
		const lhr = result.lhr;
		const audits = lhr.audits;
		const metrics = Object.fromEntries(
			METRICS.map((id) => [
				id,
				{
					value: audits[id]?.numericValue,
					display: audits[id]?.displayValue,
					score: audits[id]?.score,
				},
			]),
		);
		return {
			performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
			elements: audits['dom-size']?.numericValue,
			metrics,
			shortfalls: shortfalls(lhr),
			lighthouse: lhr.lighthouseVersion,
		};
	} finally {
		await stopDevtoolsChromium(chromium);
		await site.close();
		await rm(profile, { recursive: true, force: true, maxRetries: 5 });
	}
}

/** Why the score falls short: the weighted metrics below a perfect score, worst first, then failing diagnostics. */
function shortfalls(lhr) {
	const weighted = lhr.categories.performance.auditRefs
		.filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
		.sort((a, b) => lhr.audits[a.id].score - lhr.audits[b.id].score)
		.map((ref) =>
			`${lhr.audits[ref.id].title} ${lhr.audits[ref.id].displayValue ?? ''} (score ${lhr.audits[ref.id].score})`.trim(),
		);
	const diagnostics = lhr.categories.performance.auditRefs
		.filter(
			(ref) =>
				ref.weight === 0 &&
				lhr.audits[ref.id]?.score === 0 &&
				lhr.audits[ref.id]?.scoreDisplayMode !== 'informative',
		)
		.map(
			(ref) =>
				`${lhr.audits[ref.id].title}${lhr.audits[ref.id].displayValue ? `: ${lhr.audits[ref.id].displayValue}` : ''}`,
		);
	return [...weighted, ...diagnostics.slice(0, 5)];
}

/**
 * Ours and the floor built cold without incrementalBuild, alternating (`measure` and `drop` are
 * run.mjs'): the medians, and the last site of ours, kept for its pages.
 */
export async function coldPair({ env, size, reps, measure, drop }) {
	const runs = { ours: [], floor: [] };
	let oursRoot;
	for (let rep = 1; rep <= reps; rep++) {
		for (const kind of rep % 2 === 1 ? ['floor', 'ours'] : ['ours', 'floor']) {
			const label = `${kind}-${size}-long-tail-r${rep}`;
			const { record, root } = await measure({
				kind,
				size,
				label,
				env: { ...env, BENCH_INCREMENTAL: '0' },
			});
			runs[kind].push(record);
			const keep = kind === 'ours' && record.ok;
			if (keep && oursRoot) await drop(oursRoot);
			if (keep) oursRoot = root;
			else await drop(root);
		}
	}
	const medianOf = (list) =>
		list.some((r) => r.ok) ? median(list.filter((r) => r.ok).map((r) => r.wallMs)) : undefined;
	return { oursMs: medianOf(runs.ours), floorMs: medianOf(runs.floor), oursRoot };
}

/** Markdown lines of the figure, for BENCHMARKS.md. */
export function largestPageMarkdown(f, { n, s }) {
	if (!f) return ['Not measured in this run.'];
	const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
	const lines = [
		`${f.measuredBy ? `${f.measuredBy}: the pair of figure 1 (\`incrementalBuild\` off) built again` : "Figure 1's last cold build of ours (`incrementalBuild` off)"}, ${n(f.size)} products of the long-tail catalogue: ours ${s(f.oursMs)} vs the floor's ${s(f.floorMs)}${f.ratio ? ` (${f.ratio.toFixed(2)}×)` : ''}. Its pages, the largest of them by HTML bytes, and Lighthouse 12 on that page as a phone (its default: simulated slow 4G and 4× CPU slowdown), served from \`dist/\` on loopback.`,
		'',
		'| | value | goal |',
		'|---|---|---|',
		`| pages written (HTML files in dist/) | ${n(f.pages)} | |`,
		`| largest page | \`${f.path}\`${f.reviews === undefined ? '' : `, a product with ${n(f.reviews)} reviews`} | |`,
		`| its HTML | ${n(f.bytes)} bytes (${kib(f.bytes)}) | |`,
		`| its DOM elements (Lighthouse \`dom-size\`) | ${n(f.elements)} | |`,
		`| Lighthouse performance, phone (simulated slow 4G, 4× CPU) | ${f.performance ?? `not measured: ${f.auditError}`} | ≥ ${f.goal} |`,
	];
	if (f.metrics) {
		const cells = METRICS.map((id) => `${id.replace(/-/g, ' ')} ${f.metrics[id]?.display ?? '—'}`);
		lines.push('', `Metrics: ${cells.join(', ')}.`);
	}
	if (f.performance !== undefined && f.performance < f.goal)
		lines.push(
			'',
			`Short of the goal: ${f.shortfalls?.length ? f.shortfalls.join('; ') : 'no single audit below 0.9'}.`,
		);
	return lines;
}
