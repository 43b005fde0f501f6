import { defineConfig } from 'vitest/config';

export default defineConfig({
	test: {
		include: ['test/**/*.test.ts'],
		globalSetup: ['test/global-setup.ts'],
		// Fixture builds run real `astro build`s: minutes, not milliseconds, on a 2-core machine.
		testTimeout: 120_000,
		hookTimeout: 180_000,
		pool: 'forks',
		maxWorkers: 2,
		// Tests read what Astro, npm and node print. CI may force colour (FORCE_COLOR, a TTY):
		// plain text in the workers and the processes they start keeps those strings whole.
		env: { FORCE_COLOR: '0', NO_COLOR: '1' },
		typecheck: {
			enabled: true,
			include: ['test/**/*.test-d.ts'],
			tsconfig: './tsconfig.json',
		},
	},
});
