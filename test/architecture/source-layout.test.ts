import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The package's folders read like a house a newcomer can walk (docs/development.md, "Source
 * layout"): a feature is one folder of a size read in a sitting, each folder's name says what it
 * holds and is used once, an entry leads straight to the code, and a job is not cut into fragments.
 */
const MAX_FOLDER_FILES = 20;
const SMALL_FILE_LINES = 25;
const MAX_SMALL_SHARE = 0.15;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE = /\.(?:ts|mjs|js|astro)$/;
const DECLARATION = /\.d\.ts$/;

/** Tracked and new (not ignored) files under `folders`, build output left out. */
function files(folders: readonly string[]): string[] {
	const listed = execFileSync(
		'git',
		['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...folders],
		{
			cwd: ROOT,
			encoding: 'utf8',
		},
	);
	return [...new Set(listed.split('\0'))]
		.filter((file) => file && !file.split('/').includes('dist') && existsSync(resolve(ROOT, file)))
		.sort();
}

/** package.json `exports`: entry → its file. */
function exportsOf(): Record<string, string> {
	const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
		exports: Record<string, string | { default: string }>;
	};
	return Object.fromEntries(
		Object.entries(pkg.exports).map(([entry, target]) => [
			entry,
			typeof target === 'string' ? target : target.default,
		]),
	);
}

/** An entry's file as the repository holds it: `./integration/dist/x.js` → `integration/src/x.ts`. */
const sourceOf = (target: string) =>
	target.replace(/^\.\//, '').replace(/^integration\/dist\/(.*)\.js$/, 'integration/src/$1.ts');

const lineCount = (text: string) =>
	text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;

/** `folder` → how many source files it holds directly. */
function folderSizes(paths: readonly string[]): Map<string, number> {
	const sizes = new Map<string, number>();
	for (const path of paths)
		if (SOURCE.test(path) && !DECLARATION.test(path))
			sizes.set(dirname(path), (sizes.get(dirname(path)) ?? 0) + 1);
	return sizes;
}

/** Folder names used by more than one folder, as `name: folder, folder`. */
function sharedFolderNames(paths: readonly string[]): string[] {
	const byName = new Map<string, Set<string>>();
	for (const path of paths) {
		for (let folder = dirname(path); folder.includes('/'); folder = dirname(folder)) {
			const name = basename(folder);
			byName.set(name, (byName.get(name) ?? new Set()).add(folder));
		}
	}
	return [...byName]
		.filter(([, folders]) => folders.size > 1)
		.map(([name, folders]) => `${name}: ${[...folders].sort().join(', ')}`);
}

/** Whether a module's every statement is an `export … from`: a barrel that adds a hop and no code. */
function onlyReExports(text: string): boolean {
	const code = text
		.replace(/\/\*[\s\S]*?\*\//g, '')
		.replace(/^\s*\/\/.*$/gm, '')
		.trim();
	if (code === '') return false;
	const statements = code.split(/;\s*/).filter((statement) => statement.trim() !== '');
	return statements.every((statement) =>
		/^export\s+(?:type\s+)?(?:\*|\{[\s\S]*\})(?:\s+as\s+\w+)?\s+from\s+'[^']+'$/.test(
			statement.trim(),
		),
	);
}

/** Issue or pull-request numbers in the comments of `text` (a story the CHANGELOG keeps). */
function issueNumbers(text: string): string[] {
	const comments = [
		...text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\\])\/\/.*$|<!--[\s\S]*?-->/gm),
	].map((match) => match[0]);
	return comments
		.flatMap((comment) => [
			...comment.matchAll(
				/\b(?:issues?|PR|pull request)\s*#?\d+\b|(?:^|[\s(])#[1-9]\d{0,3}\b(?![\w-])/gi,
			),
		])
		.map((match) => match[0].trim());
}

describe('source layout', () => {
	const pkg = files(['integration']);
	const src = pkg.filter(
		(file) => file.startsWith('integration/src/') && SOURCE.test(file) && !DECLARATION.test(file),
	);

	it(`has no folder of integration/ with more than ${MAX_FOLDER_FILES} source files`, () => {
		const large = [...folderSizes(pkg)]
			.filter(([, count]) => count > MAX_FOLDER_FILES)
			.map(([folder, count]) => `${folder} (${count})`);
		expect(large).toEqual([]);
	});

	it('gives no two folders of the package the same name', () => {
		expect(sharedFolderNames(pkg)).toEqual([]);
	});

	it('has no folder index.ts that only re-exports: an entry names its exports, one hop from the code', () => {
		// The entry points of package.json `exports` (`.` and `./components`, whose paths are the
		// contract) name each export themselves; any other index.ts would be a hop of its own.
		const entries = new Set(Object.values(exportsOf()).map(sourceOf));
		expect(entries).toContain('integration/src/entries/integration.ts');
		expect(entries).toContain('integration/components/index.ts');
		const barrels = pkg.filter(
			(file) =>
				basename(file) === 'index.ts' &&
				!entries.has(file) &&
				onlyReExports(readFileSync(resolve(ROOT, file), 'utf8')),
		);
		expect(barrels).toEqual([]);
	});

	it(`keeps at most ${MAX_SMALL_SHARE * 100} % of integration/src's source files under ${SMALL_FILE_LINES} lines`, () => {
		const small = src.filter(
			(file) => lineCount(readFileSync(resolve(ROOT, file), 'utf8')) < SMALL_FILE_LINES,
		);
		expect(src.length).toBeGreaterThan(50);
		expect(small.length / src.length, small.join('\n')).toBeLessThanOrEqual(MAX_SMALL_SHARE);
	});

	it('has no issue number in a code comment', () => {
		const found = files(['integration', 'bench', 'scripts', 'src', 'test', 'simulator'])
			.filter((file) => SOURCE.test(file) && !file.includes('/fixtures/'))
			.flatMap((file) =>
				issueNumbers(readFileSync(resolve(ROOT, file), 'utf8')).map(
					(number) => `${file}: ${number}`,
				),
			);
		expect(found).toEqual([]);
	});

	it('finds each when there is one (the checks themselves)', () => {
		expect(folderSizes(['a/x.ts', 'a/y.astro', 'a/z.d.ts', 'b/c/x.ts'])).toEqual(
			new Map([
				['a', 2],
				['b/c', 1],
			]),
		);
		expect(
			sharedFolderNames([
				'integration/pages/a.astro',
				'integration/src/pages/b.ts',
				'integration/src/seo/c.ts',
			]),
		).toEqual(['pages: integration/pages, integration/src/pages']);
		expect(
			onlyReExports("// A barrel.\nexport * from './a.js';\nexport { b, type C } from './b.js';\n"),
		).toBe(true);
		expect(onlyReExports("export { b } from './b.js';\nexport const c = 1;\n")).toBe(false);
		const story = `// Why not a stream (issue ${27}): …\nconst colour = "#222"; /* see #${12} */\n`;
		expect(issueNumbers(story)).toEqual(['issue 27', '#12']);
		expect(issueNumbers("const url = 'https://x.test/#1'; // the zod issues, 2 of them\n")).toEqual(
			[],
		);
	});
});
