import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PACKAGE = fileURLToPath(new URL('../../integration/', import.meta.url));
/** Every error class of the package, in one module. */
const ERRORS_MODULE = 'src/errors/errors.ts';
/** The root of every error the package throws. */
const ROOT = 'AudioReviewsError';
/** Options errors stay `AstroError`s (Astro shows them as its own), from this one class. */
const OPTIONS_ROOT = 'AudioReviewsOptionsError';
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

/** `class X extends Y` of `text`: X → Y. */
function classesOf(text: string): Map<string, string> {
	return new Map(
		[...text.matchAll(/\bclass\s+(\w+)\s+extends\s+([\w.]+)/g)].map(([, name, base]) => [
			name!,
			base!,
		]),
	);
}

/** The classes of the errors module whose chain reaches the root, or is the options root. */
function familyOf(errorsModule: string): Set<string> {
	const bases = classesOf(errorsModule);
	const reachesRoot = (name: string, seen = new Set<string>()): boolean => {
		if (name === ROOT) return true;
		const base = bases.get(name);
		if (base === undefined || seen.has(name)) return false;
		return reachesRoot(base, seen.add(name));
	};
	const family = new Set([...bases.keys()].filter((name) => reachesRoot(name)));
	if (bases.get(OPTIONS_ROOT) === 'AstroError') family.add(OPTIONS_ROOT);
	return family;
}

/** Each way of failing past the package's typed errors and Astro's logger in `text`. */
function otherFailures(file: string, text: string, family: ReadonlySet<string>): string[] {
	const found: string[] = [];
	for (const [name, base] of classesOf(text)) {
		const errorClass = /Error$/.test(name) || /Error$/.test(base);
		if (errorClass && file !== ERRORS_MODULE) found.push(`${file}: class ${name} extends ${base}`);
		else if (errorClass && !family.has(name))
			found.push(`${file}: class ${name} extends ${base}, outside ${ROOT}`);
	}
	for (const match of text.matchAll(/\bthrow\s+new\s+([\w.]+)/g))
		if (!family.has(match[1]!)) found.push(`${file}: throw new ${match[1]}`);
	for (const match of text.matchAll(/new Error\(\s*[`'"]astro-audio-reviews/g))
		found.push(`${file}: ${match[0]}`);
	if (!COMMAND_LINE.includes(file))
		for (const match of text.matchAll(/\bconsole\.\w+/g)) found.push(`${file}: ${match[0]}`);
	return found;
}

describe('one way to fail', () => {
	it(`throws only ${ROOT} and its subclasses (options: ${OPTIONS_ROOT}), every class in ${ERRORS_MODULE}; logs through Astro, never console (but the command line)`, async () => {
		const family = familyOf(await readFile(join(PACKAGE, ERRORS_MODULE), 'utf8'));
		expect(family.has('IndexNowUsageError')).toBe(true);
		const found: string[] = [];
		for (const folder of ['src', 'components', 'routes', 'scripts']) {
			for (const file of await packageFiles(join(PACKAGE, folder))) {
				const text = await readFile(file, 'utf8');
				found.push(...otherFailures(relative(PACKAGE, file), text, family));
			}
		}
		expect(found).toEqual([]);
	});

	it('finds each kind when there is one (the check itself)', () => {
		const family = familyOf(
			[
				`export class ${ROOT} extends Error {}`,
				`export class NetworkError extends ${ROOT} {}`,
				'export class TimeoutError extends NetworkError {}',
				'export class LooseError extends Error {}',
				`export class ${OPTIONS_ROOT} extends AstroError {}`,
			].join('\n'),
		);
		expect([...family].sort()).toEqual([ROOT, OPTIONS_ROOT, 'NetworkError', 'TimeoutError'].sort());
		expect(
			otherFailures(
				'src/x.ts',
				[
					"throw new Error('x');",
					"throw new TypeError('x');",
					"throw new RangeError('x');",
					"throw new TimeoutError('fine');",
					`throw new ${OPTIONS_ROOT}({ message: 'fine' });`,
					'class MyError extends Error {}',
					"const e = new Error(`astro-audio-reviews: y`);\nconsole.warn('z');",
				].join('\n'),
				family,
			),
		).toEqual([
			'src/x.ts: class MyError extends Error',
			'src/x.ts: throw new Error',
			'src/x.ts: throw new TypeError',
			'src/x.ts: throw new RangeError',
			'src/x.ts: new Error(`astro-audio-reviews',
			'src/x.ts: console.warn',
		]);
		expect(
			otherFailures(ERRORS_MODULE, 'export class LooseError extends Error {}', family),
		).toEqual([`${ERRORS_MODULE}: class LooseError extends Error, outside ${ROOT}`]);
		expect(otherFailures('src/cli.ts', "console.log('usage')", family)).toEqual([]);
	});
});
