#!/usr/bin/env node
// @ts-check
/**
 * Sums what a test run did, from the trace `AAR_TEST_TRACE=<file> npx vitest run …` wrote
 * (test/helpers/trace.ts): per test file its wall and CPU seconds, `astro build`s, `astro dev`s,
 * `astro preview`s and browsers; then the totals, and the builds of one fixture with the same
 * options done in more than one file (what a shared build would save, were their services the
 * same: the simulator's and the server's ports are left out of the comparison).
 *
 *   node scripts/test-trace.mjs /tmp/trace.jsonl
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const KINDS = ['build', 'dev', 'preview', 'browser', 'chromium'];

/**
 * @typedef {{ test?: string, kind: string, fixture?: string, folder?: string, extends?: unknown,
 *   child?: boolean, reuse?: boolean, env?: Record<string, string | undefined>, ms: number,
 *   cpu: number, ok: boolean }} Step
 */

/** @param {string} text */
export function summarise(text) {
	/** @type {Step[]} */
	const steps = text
		.split('\n')
		.filter(Boolean)
		.map((line) => JSON.parse(line));
	/** @type {Map<string, { wall: number, cpu: number } & Record<string, number>>} */
	const files = new Map();
	const row = (/** @type {string} */ test) => {
		let entry = files.get(test);
		if (!entry) {
			entry = /** @type {any} */ ({
				wall: 0,
				cpu: 0,
				...Object.fromEntries(KINDS.map((k) => [k, 0])),
			});
			files.set(test, /** @type {any} */ (entry));
		}
		return /** @type {any} */ (entry);
	};
	for (const step of steps) {
		const entry = row(step.test ?? '(outside a test)');
		if (step.kind === 'file') {
			entry.wall += step.ms / 1000;
			entry.cpu += step.cpu;
		} else entry[step.kind] = (entry[step.kind] ?? 0) + 1;
	}
	/** @type {Map<string, Set<string>>} */
	const sameBuild = new Map();
	for (const step of steps.filter((s) => s.kind === 'build' && !s.reuse)) {
		const env = Object.fromEntries(
			Object.entries(step.env ?? {}).filter(
				([, value]) => !/^https?:\/\/127\.0\.0\.1:\d+/.test(value ?? ''),
			),
		);
		const key = JSON.stringify([step.fixture ?? step.folder, step.extends, step.child, env]);
		sameBuild.set(key, (sameBuild.get(key) ?? new Set()).add(step.test ?? '?'));
	}
	const total = (/** @type {string} */ key) =>
		[...files.values()].reduce((sum, entry) => sum + (entry[key] ?? 0), 0);
	return {
		files: [...files].sort(([, a], [, b]) => b.cpu - a.cpu),
		totals: Object.fromEntries(['wall', 'cpu', ...KINDS].map((key) => [key, total(key)])),
		sharedAcrossFiles: [...sameBuild].filter(([, tests]) => tests.size > 1),
	};
}

function main() {
	const [file] = process.argv.slice(2);
	if (!file) throw new Error('usage: node scripts/test-trace.mjs <trace.jsonl>');
	const { files, totals, sharedAcrossFiles } = summarise(readFileSync(file, 'utf8'));
	const cells = (/** @type {{ wall: number, cpu: number, [kind: string]: number }} */ e) =>
		`${e.wall.toFixed(0).padStart(5)} s wall ${e.cpu.toFixed(1).padStart(7)} s CPU  ${KINDS.map((k) => `${k} ${e[k] ?? 0}`).join(', ')}`;
	for (const [test, entry] of files) console.log(`${cells(/** @type {any} */ (entry))}  ${test}`);
	console.log(`\ntotal: ${cells(/** @type {any} */ (totals))}, ${files.length} files`);
	for (const [key, tests] of sharedAcrossFiles)
		console.log(`same build in ${tests.size} files: ${key}\n  ${[...tests].join('\n  ')}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
