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
		typecheck: {
			enabled: true,
			include: ['test/**/*.test-d.ts'],
			tsconfig: './tsconfig.json',
		},
	},
});
