import { afterAll } from 'vitest';
import { traced } from './trace.js';

/**
 * With `AAR_TEST_TRACE` (test/helpers/trace.ts), one line per test file: its wall time and the CPU
 * time of its worker and every process the worker waited for (builds in a child, browsers,
 * servers), which a shared machine's load does not inflate as it does wall times. Each file runs
 * in a fork of its own (`pool: 'forks'`), so the worker's count is the file's.
 */
if (process.env.AAR_TEST_TRACE) {
	let done: () => void;
	const file = new Promise<void>((resolve) => {
		done = resolve;
	});
	// From before the test file is imported (a setup file runs first) to its last hook.
	const recorded = traced('file', { pid: process.pid }, () => file);
	afterAll(async () => {
		done();
		await recorded;
	});
}
