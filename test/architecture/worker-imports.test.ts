import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/shell.js';

/**
 * The on-demand routes run in workerd (Cloudflare Workers) with no compatibility flag, where no
 * `node:` module exists: nothing they load at run time may import one, statically or lazily
 * (docs/on-demand.md, "On Cloudflare Workers"). This walks the import graph a site's server bundle
 * gets, from the injected on-demand routes and the entry points the recipe's own files import, as
 * the emitted JavaScript has it (`verbatimModuleSyntax`: only `import type` disappears).
 */

const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
	exports: Record<string, string | { workerd?: string; default: string }>;
	imports: Record<string, { source: string }>;
};

/** The routes `audioReviews()` injects on demand (the static product and hub routes run at build time). */
const ON_DEMAND_ROUTES = [
	'invalidate.ts',
	'on-demand-hub.astro',
	'on-demand-product.astro',
	'on-demand-sitemap-file.ts',
	'on-demand-sitemap-index.ts',
].map((name) => join(REPO_ROOT, 'integration/routes', name));

/** What the recipe's live collection and pages import, and the layout the injected pages render in without one. */
const RECIPE_ENTRIES = ['./loaders', './live', './components', './pages'];
const STANDALONE_LAYOUT = join(REPO_ROOT, 'integration/components/internal/StandaloneLayout.astro');

const NODE_BUILTINS = new Set(builtinModules);
const isNodeBuiltin = (specifier: string) =>
	specifier.startsWith('node:') || NODE_BUILTINS.has(specifier.split('/')[0]!);

/** The source file of an entry point as workerd resolves it (`integration/dist/x.js` → `integration/src/x.ts`). */
function entrySource(entry: string): string {
	const target = pkg.exports[entry]!;
	const path = typeof target === 'string' ? target : (target.workerd ?? target.default);
	return join(REPO_ROOT, path.replace('/dist/', '/src/').replace(/\.js$/, '.ts'));
}

function resolveSpecifier(from: string, specifier: string): string | undefined {
	if (specifier.startsWith('#')) return join(REPO_ROOT, pkg.imports[specifier]!.source);
	if (specifier.startsWith('astro-audio-reviews/')) return entrySource(`.${specifier.slice(19)}`);
	if (!specifier.startsWith('.')) return undefined; // another package, a virtual or astro: module
	const target = resolve(dirname(from), specifier);
	const candidates = [target, target.replace(/\.js$/, '.ts'), `${target}.ts`];
	const found = candidates.find((file) => existsSync(file) && /\.(ts|astro)$/.test(file));
	if (!found) throw new Error(`${relative(REPO_ROOT, from)}: cannot resolve ${specifier}`);
	return found;
}

function parse(file: string): ts.SourceFile {
	const text = readFileSync(file, 'utf8');
	const code = file.endsWith('.astro')
		? (/^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '')
		: text;
	return ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

/** Node's globals a Worker lacks; `process` is let through under `typeof` or as `process.env` (a Worker's build replaces it with `{}`). */
const NODE_GLOBALS = new Set([
	'Buffer',
	'setImmediate',
	'__dirname',
	'__filename',
	'require',
	'global',
]);

function nodeGlobalUses(file: string): string[] {
	const found: string[] = [];
	const visit = (node: ts.Node): void => {
		if (ts.isIdentifier(node) && !isDeclarationOrMember(node)) {
			const parent = node.parent;
			const guarded =
				ts.isTypeOfExpression(parent) ||
				(ts.isPropertyAccessExpression(parent) && parent.name.text === 'env');
			if (NODE_GLOBALS.has(node.text) || (node.text === 'process' && !guarded))
				found.push(`${relative(REPO_ROOT, file)}: ${node.text}`);
		}
		ts.forEachChild(node, visit);
	};
	visit(parse(file));
	return found;
}

/** An identifier that names a property, a declaration or a type, never a global read. */
function isDeclarationOrMember(node: ts.Identifier): boolean {
	const parent = node.parent;
	return (
		(ts.isPropertyAccessExpression(parent) && parent.name === node) ||
		((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node) ||
		(ts.isVariableDeclaration(parent) && parent.name === node) ||
		(ts.isParameter(parent) && parent.name === node) ||
		ts.isTypeReferenceNode(parent) ||
		ts.isImportSpecifier(parent) ||
		ts.isExportSpecifier(parent)
	);
}

/** What a module loads when it runs: value imports, re-exports and `import()` of a string. */
function runtimeSpecifiers(file: string): string[] {
	const source = parse(file);
	const found: string[] = [];
	const visit = (node: ts.Node): void => {
		if (
			ts.isImportDeclaration(node) &&
			node.importClause?.phaseModifier !== ts.SyntaxKind.TypeKeyword &&
			ts.isStringLiteral(node.moduleSpecifier)
		)
			found.push(node.moduleSpecifier.text);
		else if (
			ts.isExportDeclaration(node) &&
			!node.isTypeOnly &&
			node.moduleSpecifier &&
			ts.isStringLiteral(node.moduleSpecifier)
		)
			found.push(node.moduleSpecifier.text);
		else if (
			ts.isCallExpression(node) &&
			node.expression.kind === ts.SyntaxKind.ImportKeyword &&
			node.arguments[0] &&
			ts.isStringLiteralLike(node.arguments[0])
		)
			found.push(node.arguments[0].text);
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

/** Every `node:` (or bare built-in) import reachable from the roots, each with the chain that reaches it. */
function nodeImportsReachable(roots: string[]): string[] {
	return walk(roots).offences;
}

function walk(roots: string[]): { offences: string[]; files: string[] } {
	const via = new Map<string, string[]>(roots.map((root) => [root, [root]]));
	const queue = [...roots];
	const offences: string[] = [];
	for (let file = queue.shift(); file; file = queue.shift()) {
		const chain = via.get(file)!;
		for (const specifier of runtimeSpecifiers(file)) {
			if (isNodeBuiltin(specifier)) {
				offences.push([...chain.map((step) => relative(REPO_ROOT, step)), specifier].join(' → '));
				continue;
			}
			const target = resolveSpecifier(file, specifier);
			if (!target || via.has(target)) continue;
			via.set(target, [...chain, target]);
			queue.push(target);
		}
	}
	return { offences, files: [...via.keys()] };
}

describe('the runtime graph of the on-demand routes (workerd, no compatibility flag)', () => {
	it('reaches the package modules the pages need', () => {
		// The walk is not vacuous: it reaches the live loader, the webhook and the components.
		const reached = runtimeSpecifiers(entrySource('./loaders'));
		expect(reached).toContain('../on-demand/live-loader/products-live-loader.js');
		expect(runtimeSpecifiers(ON_DEMAND_ROUTES[0]!)).toContain('astro-audio-reviews/live');
		expect(runtimeSpecifiers(join(REPO_ROOT, 'integration/components/ProductPage.astro'))).toEqual(
			expect.arrayContaining(['#internal/components', 'astro-audio-reviews/pages']),
		);
	});

	it('follows no `import type`, which the emitted JavaScript drops', () => {
		const guard = join(REPO_ROOT, 'integration/src/build-sync/shrink-guard.ts');
		expect(readFileSync(guard, 'utf8')).toContain(
			"import type { SyncState } from './sync-meta.js'",
		);
		expect(runtimeSpecifiers(guard)).not.toContain('./sync-state.js');
	});

	it('finds a node: import where there is one (the control)', () => {
		expect(
			nodeImportsReachable([join(REPO_ROOT, 'integration/src/hooks/integration.ts')]),
		).not.toEqual([]);
	});

	const roots = () => [...ON_DEMAND_ROUTES, ...RECIPE_ENTRIES.map(entrySource), STANDALONE_LAYOUT];

	it('imports no node: module from an injected on-demand route or an entry point the recipe imports', () => {
		expect(nodeImportsReachable(roots())).toEqual([]);
	});

	it("reads none of Node's globals (Buffer, an unguarded process…) in the modules it reaches", () => {
		const { files } = walk(roots());
		expect(files.length).toBeGreaterThan(50);
		expect(nodeGlobalUses(join(REPO_ROOT, 'integration/src/files/atomic-write.ts'))).toEqual([
			'integration/src/files/atomic-write.ts: process',
		]);
		expect(files.flatMap(nodeGlobalUses)).toEqual([]);
	});

	it('gives the same names from the workerd variant of /loaders as from its default', async () => {
		const target = pkg.exports['./loaders'] as { workerd: string; default: string };
		const names = async (path: string) => Object.keys(await import(join(REPO_ROOT, path))).sort();
		expect(await names(target.workerd)).toEqual(await names(target.default));
	});
});
