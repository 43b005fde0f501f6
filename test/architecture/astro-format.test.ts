import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * `.astro` files are formatted and linted like the rest: Biome reads their markup, scripts and
 * styles, and `npm run lint` fails on an unformatted one. Lines stay within the width of the
 * other sources; a tab counts as the formatter's indent width.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const MAX_COLUMNS = 100;
const TAB_COLUMNS = 2;
const BIOME = resolve(ROOT, 'node_modules/.bin/biome');

function astroFiles(): string[] {
	// Untracked files too (not the ignored ones): a new component is held to the rule before its commit.
	const listed = execFileSync(
		'git',
		['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', '*.astro'],
		{ cwd: ROOT, encoding: 'utf8' },
	);
	return listed
		.split('\0')
		.filter((file) => file.endsWith('.astro') && existsSync(resolve(ROOT, file)))
		.sort();
}

/** The lines of `text` wider than `limit` columns, as `file:line (n columns)`. */
function wideLines(file: string, text: string, limit = MAX_COLUMNS): string[] {
	return text.split('\n').flatMap((line, index) => {
		const columns = [...line.replaceAll('\t', ' '.repeat(TAB_COLUMNS))].length;
		return columns > limit ? [`${file}:${index + 1} (${columns} columns)`] : [];
	});
}

/** What Biome, with the repository's configuration, makes of `text` as an `.astro` file. */
function biomeFormat(text: string, path = 'src/components/Probe.astro'): string {
	return execFileSync(BIOME, ['format', `--stdin-file-path=${path}`], {
		cwd: ROOT,
		encoding: 'utf8',
		input: text,
	});
}

describe('.astro files', () => {
	it('finds the components, routes and pages it holds to the rule', () => {
		const files = astroFiles();
		expect(files).toContain('integration/components/ProductPage.astro');
		expect(files).toContain('integration/routes/product.astro');
		expect(files).toContain('src/layouts/Shop.astro');
		expect(files.some((file) => file.startsWith('test/fixtures/'))).toBe(true);
	});

	it('have no line over 100 columns', () => {
		const wide = astroFiles().flatMap((file) =>
			wideLines(file, readFileSync(resolve(ROOT, file), 'utf8')),
		);
		expect(wide, 'wrap these lines (`npm run lint:fix` wraps all but comments)').toEqual([]);
	});

	it('counts a tab as the indent width, so an indented line can be too wide', () => {
		const line = `\t\t${'x'.repeat(97)}`;
		expect(wideLines('probe.astro', line)).toEqual(['probe.astro:1 (101 columns)']);
		expect(wideLines('probe.astro', line.slice(1))).toEqual([]);
	});

	it('are formatted by Biome, markup included, so `npm run lint` fails on an unformatted one', () => {
		const attributes = Array.from({ length: 8 }, (_, i) => `data-attribute-${i}="value"`);
		const wide = `---\nconst title = 'Probe';\n---\n<div ${attributes.join(' ')}><p>{title}</p></div>\n`;
		const formatted = biomeFormat(wide);
		expect(formatted).not.toBe(wide);
		expect(wideLines('probe.astro', formatted)).toEqual([]);
		expect(formatted).toContain('\tdata-attribute-0="value"\n');
		// The formatter's output is stable: formatting it again changes nothing.
		expect(biomeFormat(formatted)).toBe(formatted);
	});
});
