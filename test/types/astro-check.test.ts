import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { expect, it } from 'vitest';
import { REPO_ROOT, sh } from '../helpers/shell.js';

/**
 * `npm run check` inside `npm test`'s run, not before it: `astro check` over every file
 * tsconfig.json includes (package, demo, tests, bench, scripts, the `.astro` files), the type
 * tests of this folder (`*.test-d.ts`) among them. It is 40 CPU seconds on one core; as a file
 * of the run it shares the cores with the others rather than holding the whole run up.
 */
const ASTRO = join(REPO_ROOT, 'node_modules/astro/bin/astro.mjs');

it('type-checks the whole project with astro check: every file, no error', async () => {
	const run = await sh(process.execPath, [ASTRO, 'check'], REPO_ROOT).then(
		({ stdout, stderr }) => ({ ok: true, output: stdout + stderr }),
		(error: Error) => ({ ok: false, output: error.message }),
	);
	const output = stripVTControlCharacters(run.output);
	expect(run.ok, output).toBe(true);
	// It read the project: a tsconfig that lost its includes would pass with nothing checked.
	const files = Number(/Result \((\d+) files\)/.exec(output)?.[1]);
	expect(files, output).toBeGreaterThan(500);
	expect(output, output).toMatch(/- 0 errors\n/);
}, 300_000);
