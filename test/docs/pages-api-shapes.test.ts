import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/shell.js';

/**
 * docs/api.md says what each helper of `astro-audio-reviews/pages` returns; the declarations
 * the package ships say it too. Each documented shape is compared with the type: an object's
 * fields (a `{ a, b }` written in the docs must name exactly them, and every field must be named),
 * a `string`, a function.
 */
const DOC = readFileSync(join(REPO_ROOT, 'docs/api.md'), 'utf8');
const ENTRY = join(REPO_ROOT, 'integration/dist/entries/pages.d.ts');

/** Each `- **`name(…)`**: …` bullet of the section, by name, with its whole text. */
function documentedHelpers(): Map<string, string> {
	const section = DOC.split('## `astro-audio-reviews/pages`')[1]!.split('\n## ')[0]!;
	const helpers = new Map<string, string>();
	for (const bullet of section.split(/\n(?=- )/)) {
		const name = /^- \*\*`(\w+)\(/.exec(bullet)?.[1];
		if (name) helpers.set(name, bullet.replace(/\s+/g, ' '));
	}
	return helpers;
}

type Shape = { kind: 'object'; fields: string[] } | { kind: 'string' } | { kind: 'function' };

/** The return type of each exported function, its promise, array and `undefined` taken off. */
function returnShapes(): Map<string, Shape> {
	const program = ts.createProgram([ENTRY], {
		strict: true,
		skipLibCheck: true,
		module: ts.ModuleKind.NodeNext,
		moduleResolution: ts.ModuleResolutionKind.NodeNext,
	});
	const checker = program.getTypeChecker();
	const module = checker.getSymbolAtLocation(program.getSourceFile(ENTRY)!)!;
	const shapes = new Map<string, Shape>();
	for (const symbol of checker.getExportsOfModule(module)) {
		const resolved =
			symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
		if (!(resolved.flags & ts.SymbolFlags.Function)) continue;
		const type = checker.getTypeOfSymbol(resolved);
		let result = checker.getNonNullableType(type.getCallSignatures()[0]!.getReturnType());
		result = checker.getAwaitedType(result) ?? result;
		if (checker.isArrayType(result))
			result = checker.getTypeArguments(result as ts.TypeReference)[0]!;
		if (result.flags & ts.TypeFlags.String) shapes.set(symbol.name, { kind: 'string' });
		else if (result.getCallSignatures().length > 0) shapes.set(symbol.name, { kind: 'function' });
		else
			shapes.set(symbol.name, {
				kind: 'object',
				fields: result
					.getProperties()
					.map((property) => property.name)
					.sort(),
			});
	}
	return shapes;
}

describe('docs/api.md and the types of astro-audio-reviews/pages', () => {
	const helpers = documentedHelpers();
	const shapes = returnShapes();

	it('documents every helper the entry point exports, and no other', () => {
		expect([...helpers.keys()].sort()).toEqual([...shapes.keys()].sort());
	});

	it.each([...shapes])('documents what %s returns as its type says', (name, shape) => {
		const text = helpers.get(name) ?? '';
		if (shape.kind === 'string') expect(text, name).toMatch(/a `string`/);
		else if (shape.kind === 'function') expect(text, name).toMatch(/a function/);
		else {
			const literal = /`\{ ([\w, ]+) \}`/.exec(text)?.[1];
			if (literal) expect(literal.split(', ').sort(), name).toEqual(shape.fields);
			for (const field of shape.fields)
				expect(text, `${name}: ${field}`).toMatch(new RegExp(`\`${field}[\`.]`));
		}
	});
});
