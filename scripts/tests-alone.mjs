#!/usr/bin/env node
// @ts-check
/**
 * Runs each file of a sample of test files alone (`vitest run <file>`, two such runs at a time), so a
 * file that passes only after another file ran (reading what an earlier test collected, a server
 * or a state left behind) fails here. `npm test` runs it last; `npm run test:alone` runs it alone.
 *
 *   node scripts/tests-alone.mjs                 # a sample of 6 files of the fast lane
 *   node scripts/tests-alone.mjs --sample 12     # a larger sample
 *   node scripts/tests-alone.mjs --all           # every file of the fast lane
 *   node scripts/tests-alone.mjs test/a.test.ts  # these files
 *
 * The sample rotates each ISO week over the fast lane's files (`vitest.unit.config.ts`), so
 * every file is run alone in turn while a failure reproduces all week; `--seed <n>` picks another.
 * Exit code 0 when every file passed alone, 1 naming those that did not.
 */
import { execFile, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const VITEST = fileURLToPath(new URL('../node_modules/.bin/vitest', import.meta.url));

/** The week of the year (ISO 8601), which numbers the sample. */
export function isoWeek(date = new Date()) {
	const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
	day.setUTCDate(day.getUTCDate() + 4 - (day.getUTCDay() || 7));
	const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
	return Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
}

/**
 * `size` files of `files`, spread over the whole list (every `stride`-th file from the `seed`-th),
 * so one sample mixes folders; consecutive seeds cover every file before any repeats.
 * @param {readonly string[]} files
 * @param {number} size
 * @param {number} seed
 */
export function sampleOf(files, size, seed) {
	if (size >= files.length) return [...files];
	const stride = Math.ceil(files.length / size);
	const start = seed % stride;
	return Array.from(
		{ length: size },
		(_, i) => /** @type {string} */ (files[(start + i * stride) % files.length]),
	);
}

/** The fast lane's test files, as vitest lists them. */
function fastLane() {
	const listed = spawnSync(VITEST, ['list', '--filesOnly', '--config', 'vitest.unit.config.ts'], {
		cwd: ROOT,
		encoding: 'utf8',
	});
	if (listed.status !== 0) throw new Error(`vitest list failed:\n${listed.stderr}`);
	return listed.stdout
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => line.endsWith('.test.ts'))
		.sort();
}

/**
 * `vitest run <file>` in a child process: whether it passed, and what it printed.
 * @param {string} file
 * @returns {Promise<{ ok: boolean, stdout: string }>}
 */
function vitestAlone(file) {
	return new Promise((resolve) => {
		execFile(
			VITEST,
			['run', file],
			{ cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
			(error, stdout) => resolve({ ok: error === null, stdout }),
		);
	});
}

async function main() {
	const { values, positionals } = parseArgs({
		options: {
			sample: { type: 'string', default: '6' },
			seed: { type: 'string' },
			all: { type: 'boolean' },
		},
		allowPositionals: true,
	});
	const lane = positionals.length > 0 ? positionals : fastLane();
	const seed = values.seed === undefined ? isoWeek() : Number(values.seed);
	const files =
		positionals.length > 0 || values.all ? lane : sampleOf(lane, Number(values.sample), seed);
	console.log(`Each file alone (${files.length} of ${lane.length}, seed ${seed}):`);
	/** @type {string[]} */
	const failed = [];
	const queue = [...files];
	// Each file still runs in a Vitest of its own, with nothing else in it: two such runs side by
	// side share only the machine, as two contributors' runs do, and the sample takes half the time.
	const worker = async () => {
		for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
			const run = await vitestAlone(file);
			console.log(`  ${run.ok ? 'ok    ' : 'FAILED'} ${file}`);
			if (!run.ok) {
				failed.push(file);
				console.log(run.stdout.split('\n').slice(-40).join('\n'));
			}
		}
	};
	await Promise.all([worker(), worker()]);
	if (failed.length > 0) {
		console.error(`Failed when run alone: ${failed.join(', ')}`);
		process.exitCode = 1;
	}
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
