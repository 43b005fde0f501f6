import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Files and functions small enough to read at once (docs/development.md, STYLE): a file does one
 * job in at most 300 lines, a function in at most 90. A long one is split by what it does, never
 * exempted here without a reason.
 */
const MAX_FILE_LINES = 300;
// 90, not 60: the 60 lines were counted at 140 columns, and the same code wrapped at 100 takes
// about half as many lines again; the ceiling guides a function's length, it does not split a job.
const MAX_FUNCTION_LINES = 90;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SIZED_FOLDERS = ['integration', 'bench', 'scripts', 'test', 'src'];
const SOURCE = /\.(?:ts|mjs|astro)$/;
/** Folders whose functions are held to the limit; a test's `describe`/`it` callbacks are exempt wherever they are. */
const FUNCTION_FOLDERS = ['integration', 'bench', 'scripts'];
const SCRIPT = /\.(?:ts|mjs)$/;

/** Files left out of the size rule, each with the reason: data or generated text, not code to read. */
const NOT_SOURCE: Record<string, string> = {};

/**
 * Functions still over the limit, each with the reason it waits: `file:name` → why. The test
 * fails once one of them is short enough, so the entry goes with the split.
 */
const TO_SPLIT: Record<string, string> = {};

function sourceFiles(folders: readonly string[], pattern: RegExp): string[] {
	// Untracked files too (not the ignored ones): a new file is held to the limit before its first commit.
	const listed = execFileSync(
		'git',
		['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...folders],
		{
			cwd: ROOT,
			encoding: 'utf8',
		},
	);
	const files = new Set(
		listed.split('\0').filter((file) => pattern.test(file) && !(file in NOT_SOURCE)),
	);
	return [...files].filter((file) => existsSync(resolve(ROOT, file))).sort();
}

function lineCount(text: string): number {
	return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
}

const TEST_BLOCKS = new Set([
	'describe',
	'it',
	'test',
	'beforeAll',
	'beforeEach',
	'afterAll',
	'afterEach',
]);

/** Whether `node` is the callback of a test block such as `describe('…', () => …)` or `it.each(…)('…', …)`. */
function isTestBlock(node: ts.Node): boolean {
	if (!ts.isCallExpression(node.parent) || !node.parent.arguments.includes(node as ts.Expression))
		return false;
	let callee: ts.Expression = node.parent.expression;
	while (ts.isCallExpression(callee) || ts.isPropertyAccessExpression(callee))
		callee = ts.isCallExpression(callee) ? callee.expression : callee.expression;
	return ts.isIdentifier(callee) && TEST_BLOCKS.has(callee.text);
}

/** The functions of `text` longer than `limit` lines, as `file:line name (n lines)`. */
function longFunctions(file: string, text: string, limit = MAX_FUNCTION_LINES): string[] {
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
	const found: string[] = [];
	const visit = (node: ts.Node): void => {
		if (ts.isFunctionLike(node) && 'body' in node && node.body && !isTestBlock(node)) {
			const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
			const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
			const lines = last - first + 1;
			if (lines > limit) found.push(`${file}:${first + 1} ${functionName(node)} (${lines} lines)`);
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

/** `file:line name (n lines)` → `file:name`, the key of TO_SPLIT. */
const splitKey = (finding: string) => finding.replace(/^([^:]+):\d+ (\S+) .*$/, '$1:$2');

function functionName(node: ts.SignatureDeclaration): string {
	if (node.name) return node.name.getText();
	const parent = node.parent;
	if (
		ts.isVariableDeclaration(parent) ||
		ts.isPropertyAssignment(parent) ||
		ts.isPropertyDeclaration(parent)
	)
		return parent.name.getText();
	return '(anonymous)';
}

/** The files over `limit` lines, as `file (n lines)`. */
function longFiles(files: readonly string[], limit = MAX_FILE_LINES): string[] {
	return files
		.map((file) => ({ file, lines: lineCount(readFileSync(resolve(ROOT, file), 'utf8')) }))
		.filter(({ lines }) => lines > limit)
		.map(({ file, lines }) => `${file} (${lines} lines)`);
}

describe('module size', () => {
	const sized = sourceFiles(SIZED_FOLDERS, SOURCE);
	const scripts = sourceFiles(FUNCTION_FOLDERS, SCRIPT);

	it(`has no source file over ${MAX_FILE_LINES} lines`, () => {
		expect(sized.length).toBeGreaterThan(100);
		expect(longFiles(sized)).toEqual([]);
	});

	it(`has no function over ${MAX_FUNCTION_LINES} lines in integration/, bench/ or scripts/`, () => {
		expect(scripts.length).toBeGreaterThan(50);
		const long = scripts.flatMap((file) =>
			longFunctions(file, readFileSync(resolve(ROOT, file), 'utf8')),
		);
		expect(long.filter((finding) => !(splitKey(finding) in TO_SPLIT))).toEqual([]);
		// An entry of TO_SPLIT whose function is now short enough (or gone) is left over: remove it.
		expect(
			Object.keys(TO_SPLIT).filter((key) => !long.some((finding) => splitKey(finding) === key)),
		).toEqual([]);
	});

	it('finds a long file and a long function when there is one (the check itself)', () => {
		expect(longFiles(['bench/run.mjs'], 10)).toEqual([
			expect.stringMatching(/^bench\/run\.mjs \(\d+ lines\)$/),
		]);
		const body = Array.from({ length: 4 }, (_, index) => `\tconst v${index} = ${index};`).join(
			'\n',
		);
		const text = `export function long() {\n${body}\n}\ndescribe('x', () => {\n${body}\n});\nconst short = () => 1;\n`;
		expect(longFunctions('x.ts', text, 5)).toEqual(['x.ts:1 long (6 lines)']);
	});
});
