import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PACKAGE = fileURLToPath(new URL('../../integration/', import.meta.url));
/** The command line prints to the terminal it runs in: the one place `console` is the logger. */
const COMMAND_LINE = ['src/cli.ts', 'scripts/purge-cloudflare.mjs'];

async function packageFiles(dir: string): Promise<string[]> {
	const found: string[] = [];
	for (const item of await readdir(dir, { withFileTypes: true })) {
		const path = join(dir, item.name);
		if (item.isDirectory()) found.push(...(await packageFiles(path)));
		else if (/\.(ts|mjs|js|astro)$/.test(item.name)) found.push(path);
	}
	return found;
}

/** Each way of failing past the package's typed errors and Astro's logger in `text`. */
function otherFailures(file: string, text: string): string[] {
	const found: string[] = [];
	for (const match of text.matchAll(/throw new Error\(|new Error\(\s*[`'"]astro-audio-reviews/g))
		found.push(`${file}: ${match[0]}`);
	if (!COMMAND_LINE.includes(file))
		for (const match of text.matchAll(/\bconsole\.\w+/g)) found.push(`${file}: ${match[0]}`);
	return found;
}

describe('one way to fail', () => {
	it('throws typed errors or AstroError, and logs through Astro, never console (but the command line)', async () => {
		const found: string[] = [];
		for (const folder of ['src', 'components', 'routes', 'scripts']) {
			for (const file of await packageFiles(join(PACKAGE, folder))) {
				found.push(...otherFailures(relative(PACKAGE, file), await readFile(file, 'utf8')));
			}
		}
		expect(found).toEqual([]);
	});

	it('finds each kind when there is one (the check itself)', () => {
		expect(
			otherFailures(
				'src/x.ts',
				"throw new Error('x');\nconst e = new Error(`astro-audio-reviews: y`);\nconsole.warn('z');",
			),
		).toEqual([
			'src/x.ts: throw new Error(',
			'src/x.ts: new Error(`astro-audio-reviews',
			'src/x.ts: console.warn',
		]);
		expect(otherFailures('src/cli.ts', "console.log('usage')")).toEqual([]);
	});
});
