import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * The fast lane (`npm run test:unit`): every test file that neither runs `astro build` nor drives
 * a browser nor packs the package. Chosen by rule, not by list, so a new test file lands in the
 * right lane without anyone remembering this file: it is slow when it imports the fixture-build,
 * browser or shell helpers (itself or through a helper of its own folder, such as
 * test/live/on-demand-site.ts), or sits in a folder whose every test builds (pack, bench).
 */
const SLOW_HELPERS = /from '\.\.\/helpers\/(build-fixture|chromium|shell)\.js'/;
const SIBLING_IMPORT = /from '\.\/([\w-]+)\.js'/g;

function importsSlowHelper(path: string): boolean {
	const text = readFileSync(path, 'utf8');
	if (SLOW_HELPERS.test(text)) return true;
	return [...text.matchAll(SIBLING_IMPORT)].some(([, name]) => {
		const helper = join(dirname(path), `${name}.ts`);
		return existsSync(helper) && SLOW_HELPERS.test(readFileSync(helper, 'utf8'));
	});
}
const SLOW_FOLDERS = new Set(['pack', 'bench', 'build', 'browser']);

function slowTestFiles(dir = 'test'): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((dirent) => {
		const path = join(dir, dirent.name);
		if (dirent.isDirectory())
			return SLOW_FOLDERS.has(dirent.name) ? [`${path}/**`] : slowTestFiles(path);
		return path.endsWith('.test.ts') && importsSlowHelper(path) ? [path] : [];
	});
}

export default mergeConfig(
	base,
	defineConfig({ test: { exclude: ['**/node_modules/**', ...slowTestFiles()] } }),
);
