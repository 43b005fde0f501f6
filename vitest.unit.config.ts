import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * The fast lane (`npm run test:unit`): every test file that neither runs `astro build` nor drives
 * a browser nor packs the package. Chosen by rule, not by list, so a new test file lands in the
 * right lane without anyone remembering this file: it is slow when it imports the fixture-build,
 * browser or shell helpers, or sits in a folder whose every test builds (pack, bench).
 */
const SLOW_HELPERS = /from '\.\.\/helpers\/(build-fixture|chromium|shell)\.js'/;
const SLOW_FOLDERS = new Set(['pack', 'bench', 'build', 'browser']);

function slowTestFiles(dir = 'test'): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((dirent) => {
		const path = join(dir, dirent.name);
		if (dirent.isDirectory()) return SLOW_FOLDERS.has(dirent.name) ? [`${path}/**`] : slowTestFiles(path);
		return path.endsWith('.test.ts') && SLOW_HELPERS.test(readFileSync(path, 'utf8')) ? [path] : [];
	});
}

export default mergeConfig(base, defineConfig({ test: { exclude: ['**/node_modules/**', ...slowTestFiles()] } }));
