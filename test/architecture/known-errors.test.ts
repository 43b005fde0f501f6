import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
/** What ships: the package's source, components, routes, scripts, and the simulator's source. */
const SHIPPED = [
	'integration/src',
	'integration/components',
	'integration/routes',
	'integration/scripts',
	'simulator/src',
];
const PACKAGE_ERRORS = 'integration/src/errors/errors.ts';
const SIMULATOR_ERRORS = 'simulator/src/errors.ts';

async function files(dir: string): Promise<string[]> {
	const found: string[] = [];
	for (const item of await readdir(dir, { withFileTypes: true })) {
		const path = join(dir, item.name);
		if (item.isDirectory()) found.push(...(await files(path)));
		else if (/\.(ts|mjs|js|astro)$/.test(item.name) && !/\.test\.ts$/.test(item.name))
			found.push(path);
	}
	return found;
}

async function shipped(): Promise<Array<{ file: string; text: string }>> {
	const out: Array<{ file: string; text: string }> = [];
	for (const folder of SHIPPED)
		for (const path of await files(join(REPO, folder)))
			out.push({ file: relative(REPO, path), text: await readFile(path, 'utf8') });
	return out;
}

/** `class X extends Y` of `text`: X → Y. */
function classesOf(text: string): Map<string, string> {
	return new Map(
		[...text.matchAll(/\bclass\s+(\w+)\s+extends\s+([\w.]+)/g)].map(([, name, base]) => [
			name!,
			base!,
		]),
	);
}

/** Each V8 flag set at run time in `text`: the user's process is the user's. */
function runtimeFlags(file: string, text: string): string[] {
	return [...text.matchAll(/\bsetFlagsFromString\b|--expose[-_]gc\b/g)].map(
		(match) => `${file}: ${match[0]}`,
	);
}

/** Each place `text` tells an error by its words, by one of `ours` names, or by an unchecked cast. */
function errorsByWords(file: string, text: string, ours: ReadonlySet<string>): string[] {
	const found: string[] = [];
	for (const match of text.matchAll(/\.message\??\.(?:includes|startsWith|endsWith|match)\(/g))
		found.push(`${file}: ${match[0]}`);
	for (const match of text.matchAll(/\/[^/\n]+\/\w*\.test\((?:\w+\.)?message\)/g))
		found.push(`${file}: ${match[0]}`);
	for (const match of text.matchAll(/\.name\s*[!=]==?\s*['"`](\w+)['"`]/g))
		if (ours.has(match[1]!)) found.push(`${file}: ${match[0]}`);
	for (const match of text.matchAll(/\bas\s+(\w+Error)\b/g))
		if (ours.has(match[1]!)) found.push(`${file}: ${match[0]}`);
	// An error made only to read its name: the kind is known before the error is.
	for (const match of text.matchAll(
		/(?:new\s+(\w+Error)\([^;]*?\)\s*\.name\b|const\s+(\w+)\s*=\s*[\w.]+\([^;]*\);\s*return\s+[^;]*\b\2\.name\b)/g,
	))
		if (match[1] === undefined || ours.has(match[1]))
			found.push(`${file}: ${match[0].split('\n')[0]}`);
	// A class name of ours as a string (a list of names to compare with): errors modules aside.
	if (!file.startsWith('integration/src/errors/') && file !== SIMULATOR_ERRORS)
		for (const match of text.matchAll(/(?<!(?:name\s*=|[!=]==?)\s*)['"](\w+Error)['"]/g))
			if (ours.has(match[1]!)) found.push(`${file}: ${match[0]}`);
	return found;
}

/** The simulator's failures outside its errors module's classes, and classes without name or code. */
function simulatorConvention(file: string, text: string, family: ReadonlySet<string>) {
	const found: string[] = [];
	for (const [name, base] of classesOf(text))
		if (/Error$/.test(name) || /Error$/.test(base))
			if (file !== SIMULATOR_ERRORS) found.push(`${file}: class ${name} extends ${base}`);
	for (const match of text.matchAll(/\bthrow\s+new\s+([\w.]+)/g))
		if (!family.has(match[1]!)) found.push(`${file}: throw new ${match[1]}`);
	return found;
}

/** Each class of the simulator's errors module that lacks its own `name` or a stable `code`. */
function unnamedClasses(text: string): string[] {
	const bodies = [...text.matchAll(/\bclass\s+(\w+)\s+extends\s+\w+\s*\{([\s\S]*?)\n\}/g)];
	return bodies
		.filter(([, name, body]) => !body!.includes(`name = '${name}'`) || !/\bcode\b/.test(body!))
		.map(([, name]) => name!);
}

describe('errors known by type', () => {
	it('sets no V8 flag at run time (no setFlagsFromString, no --expose-gc)', async () => {
		const found = (await shipped()).flatMap(({ file, text }) => runtimeFlags(file, text));
		expect(found).toEqual([]);
	});

	it("knows the package's errors by class or code: no message text, no class name compared, no unchecked cast", async () => {
		const ours = new Set([
			...classesOf(await readFile(join(REPO, PACKAGE_ERRORS), 'utf8')).keys(),
			...classesOf(await readFile(join(REPO, SIMULATOR_ERRORS), 'utf8')).keys(),
		]);
		expect(ours.has('NotFoundError')).toBe(true);
		expect(ours.has('ControlError')).toBe(true);
		const found = (await shipped()).flatMap(({ file, text }) => errorsByWords(file, text, ours));
		expect(found).toEqual([]);
	});

	it(`puts the simulator on the same convention: every error class in ${SIMULATOR_ERRORS}, named, with a code; nothing else thrown`, async () => {
		const errors = await readFile(join(REPO, SIMULATOR_ERRORS), 'utf8');
		const family = new Set(classesOf(errors).keys());
		expect(unnamedClasses(errors)).toEqual([]);
		const found = (await shipped())
			.filter(({ file }) => file.startsWith('simulator/'))
			.flatMap(({ file, text }) => simulatorConvention(file, text, family));
		expect(found).toEqual([]);
	});

	it('finds each kind when there is one (the check itself)', () => {
		expect(runtimeFlags('a.ts', "setFlagsFromString('--expose-gc')")).toEqual([
			'a.ts: setFlagsFromString',
			'a.ts: --expose-gc',
		]);
		const ours = new Set(['NotFoundError', 'AudioReviewsError']);
		expect(
			errorsByWords(
				'a.ts',
				[
					'error.message.includes("deadline")',
					"error.name === 'NotFoundError'",
					"error.name !== 'LiveEntryNotFoundError'",
					'const e = error as AudioReviewsError;',
					'if (/exists/.test(message)) return 409;',
					"const ANSWERS = new Set(['NotFoundError']);",
					'const made = attempt.fail({ attempts: 1 });',
					'return made.type ?? made.name;',
				].join('\n'),
				ours,
			),
		).toEqual([
			'a.ts: .message.includes(',
			'a.ts: /exists/.test(message)',
			"a.ts: .name === 'NotFoundError'",
			'a.ts: as AudioReviewsError',
			'a.ts: const made = attempt.fail({ attempts: 1 });',
			"a.ts: 'NotFoundError'",
		]);
		const family = new Set(['SimulatorError']);
		expect(
			simulatorConvention(
				'simulator/src/x.ts',
				"class OwnError extends Error {}\nthrow new RangeError('x');\nthrow new SimulatorError('y');",
				family,
			),
		).toEqual([
			'simulator/src/x.ts: class OwnError extends Error',
			'simulator/src/x.ts: throw new RangeError',
		]);
		expect(unnamedClasses("class A extends Error {\n\toverride name = 'A';\n}")).toEqual(['A']);
	});
});
