import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every Astro 7 minor the peer range admits must work: the package uses only what `astro`
 * exports (its package.json `exports`), never its build output by file path, which moves
 * between minors (`astro/dist/…`, or a URL made from where `astro` resolves).
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The folders the package ships from source (package.json `files`), and the simulator's source. */
const FOLDERS = [
	'integration/src',
	'integration/components',
	'integration/routes',
	'integration/scripts',
	'simulator/src',
];

async function sourceFiles(dir: string): Promise<string[]> {
	const found: string[] = [];
	for (const item of await readdir(dir, { withFileTypes: true })) {
		const path = join(dir, item.name);
		if (item.isDirectory()) found.push(...(await sourceFiles(path)));
		else if (/\.(ts|mts|mjs|js|astro)$/.test(item.name)) found.push(path);
	}
	return found;
}

/** Each reach into Astro's internals in `text`: a specifier under astro/dist, or a path from its entry. */
function astroInternals(file: string, text: string): string[] {
	const found: string[] = [];
	for (const match of text.matchAll(/['"`]astro\/dist(?:\/[^'"`]*)?['"`]/g))
		found.push(`${file}: ${match[0]}`);
	for (const match of text.matchAll(/import\.meta\.resolve\(\s*['"`]astro['"`]\s*\)/g))
		found.push(`${file}: ${match[0]}`);
	for (const match of text.matchAll(/node_modules\/astro\/dist/g))
		found.push(`${file}: ${match[0]}`);
	return found;
}

describe('only what astro exports', () => {
	it('no file of the package imports astro/dist/… or builds a path into it', async () => {
		const found: string[] = [];
		for (const folder of FOLDERS)
			for (const file of await sourceFiles(join(ROOT, folder)).catch(() => [] as string[]))
				found.push(...astroInternals(relative(ROOT, file), await readFile(file, 'utf8')));
		expect(found).toEqual([]);
	});

	it('finds each kind when there is one (the check itself)', () => {
		expect(
			astroInternals(
				'src/x.ts',
				[
					"import { x } from 'astro/dist/content/paths.js';",
					'const y = await import("astro/dist/core/sync/index.js");',
					"const base = import.meta.resolve('astro');",
					"const z = '../node_modules/astro/dist/content/mutable-data-store.js';",
					"import { sync } from 'astro'; import type { Loader } from 'astro/loaders';",
				].join('\n'),
			),
		).toEqual([
			"src/x.ts: 'astro/dist/content/paths.js'",
			'src/x.ts: "astro/dist/core/sync/index.js"',
			"src/x.ts: import.meta.resolve('astro')",
			'src/x.ts: node_modules/astro/dist',
		]);
	});
});
