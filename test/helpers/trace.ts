import { appendFileSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { expect } from 'vitest';
import { REPO_ROOT } from './shell.js';

/**
 * With `AAR_TEST_TRACE=<file>`, each costly step a test takes (an `astro build`, `astro dev`,
 * `astro preview`, a browser) appends one JSON line there: the test file, what ran, on which
 * fixture and options, and its wall time. It counts what a suite does, which a shared machine's
 * wall times cannot: `node scripts/test-trace.mjs <file>` sums it per file and finds the builds
 * done twice. Off (no cost) without the variable.
 */
export function traced<T>(kind: string, detail: Record<string, unknown>, run: () => Promise<T>) {
	const file = process.env.AAR_TEST_TRACE;
	if (!file) return run();
	const started = performance.now();
	const cpu = cpuSeconds();
	const write = (ok: boolean) =>
		appendFileSync(
			file,
			`${JSON.stringify({ test: testFile(), kind, ...detail, ms: Math.round(performance.now() - started), cpu: Math.round((cpuSeconds() - cpu) * 100) / 100, ok })}\n`,
		);
	return run().then(
		(value) => {
			write(true);
			return value;
		},
		(error: unknown) => {
			write(false);
			throw error;
		},
	);
}

/**
 * Seconds of CPU of this process and of the children it waited for (`/proc/self/stat`): a step's
 * own cost, which the other work on a shared machine does not inflate as it does wall times. A
 * child still running (a browser) counts once reaped.
 */
function cpuSeconds(): number {
	// utime, stime, cutime and cstime: fields 14 to 17, 11 to 14 after the command's parenthesis.
	const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
	return [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0) / 100;
}

function testFile(): string | undefined {
	const path = expect.getState().testPath;
	return path === undefined ? undefined : relative(REPO_ROOT, path);
}
