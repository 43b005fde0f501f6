import { defineConfig } from 'vitest/config';
import LongestFirst from './test/sequencer.js';

export default defineConfig({
	test: {
		include: ['test/**/*.test.ts'],
		globalSetup: ['test/global-setup.ts'],
		// With AAR_TEST_TRACE=<file>: each file's wall and CPU time there (test/helpers/trace.ts).
		setupFiles: ['test/helpers/trace-file.ts'],
		// Fixture builds run real `astro build`s: minutes, not milliseconds, on a 2-core machine.
		// Liveness bounds only, far above a busy machine's times: no test asserts a duration.
		testTimeout: 120_000,
		hookTimeout: 180_000,
		// An unhandled rejection (a route answered after its page closed, a promise nobody awaited)
		// fails the run even when every test passed; Vitest names the file it came from. Never
		// ignored, and no test adds a process listener of its own (Vitest would take it as handled).
		dangerouslyIgnoreUnhandledErrors: false,
		pool: 'forks',
		// Three files at a time on two cores: a file waiting on a browser, Lighthouse or a server
		// leaves its core to another. Two left a core idle a fifth of the run; four cost as much
		// wall per CPU second of the files as three (clean clones). Browser tests never assume a
		// keypress lands the first time on a loaded machine (dev-toolbar.test.ts).
		maxWorkers: 3,
		// The longest files first, on a clean clone too (test/sequencer.ts): the run ends on short ones.
		sequence: { sequencer: LongestFirst },
		// Tests read what Astro, npm and node print. CI may force colour (FORCE_COLOR, a TTY):
		// plain text in the workers and the processes they start keeps those strings whole.
		env: { FORCE_COLOR: '0', NO_COLOR: '1' },
		// The type tests (`test/**/*.test-d.ts`, `expectTypeOf`) are not Vitest's to run: a failed
		// expectation is a type error of `astro check`, which test/types/astro-check.test.ts runs
		// over the whole project as one file of this run.
	},
});
