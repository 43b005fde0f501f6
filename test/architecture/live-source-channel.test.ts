import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGetLiveCollection } from 'astro/content/runtime';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { liveSourceOf } from '../../integration/src/on-demand/collection-source.js';
import { liveSourceOfLoader } from '../../integration/src/on-demand/live-loader/live-source.js';
import { productsLiveLoader } from '../../integration/src/on-demand/live-loader/products-live-loader.js';

/**
 * The injected on-demand routes read the live loader's client and options as data: the loader
 * itself, found in the site's live config (virtual:astro-audio-reviews/live-collections). No
 * callback travels to the loader as a collection filter, and the loader calls none it is given.
 */

const PACKAGE = fileURLToPath(new URL('../../integration/', import.meta.url));
const WEBSITE_ID = '3f2b8a4e-9c1d-4e5f-8a7b-6c5d4e3f2a1b';
// Nothing listens on the discard port: a load fails at once, with no service to answer.
const NOWHERE = 'http://127.0.0.1:9';

function packageSources(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
		const path = join(dir, item.name);
		if (item.isDirectory()) return item.name === 'dist' ? [] : packageSources(path);
		return /\.(?:ts|astro)$/.test(item.name) && !item.name.endsWith('.d.ts') ? [path] : [];
	});
}

/** The script of a file: an `.astro` file's frontmatter, else the whole text. */
function scriptOf(file: string, text: string): string {
	if (!file.endsWith('.astro')) return text;
	return /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
}

function holdsFunction(node: ts.Node): boolean {
	if (ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node))
		return true;
	return ts.forEachChild(node, (child) => holdsFunction(child) || undefined) ?? false;
}

/** Each `getLiveCollection(…)` or `loadCollection(…)` call given a function, as `file:line`. */
function functionFilters(file: string, text: string): string[] {
	const source = ts.createSourceFile(file, scriptOf(file, text), ts.ScriptTarget.Latest, true);
	const found: string[] = [];
	const visit = (node: ts.Node): void => {
		if (ts.isCallExpression(node)) {
			const callee = ts.isPropertyAccessExpression(node.expression)
				? node.expression.name.text
				: node.expression.getText(source);
			if (
				/^(?:getLiveCollection|loadCollection)$/.test(callee) &&
				node.arguments.some(holdsFunction)
			)
				found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

/** Every value `value` holds, at any depth, that is a function. */
function functionsIn(value: unknown, seen = new Set<unknown>()): unknown[] {
	if (typeof value === 'function') return [value];
	if (typeof value !== 'object' || value === null || seen.has(value)) return [];
	seen.add(value);
	return Object.values(value).flatMap((inner) => functionsIn(inner, seen));
}

describe('the live source channel', () => {
	it('finds a function handed to getLiveCollection, as the old lendSource filter was', () => {
		const old = 'await getLiveCollection(name, { lendSource: (source) => { lent = source; } });';
		expect(functionFilters('x.ts', old)).toEqual(['x.ts:1']);
		expect(
			functionFilters('x.ts', 'await content.getLiveCollection(name, { limit: 10 });'),
		).toEqual([]);
	});

	it('has no getLiveCollection or loadCollection call in the package that passes a function', () => {
		const found = ['src', 'routes', 'components'].flatMap((folder) =>
			packageSources(join(PACKAGE, folder)).flatMap((file) =>
				functionFilters(relative(PACKAGE, file), readFileSync(file, 'utf8')),
			),
		);
		expect(found).toEqual([]);
	});

	it("reads the loader's source off the loader in the live config, handing Astro no function", async () => {
		const loader = productsLiveLoader({ baseUrl: NOWHERE, websiteId: WEBSITE_ID, retries: 0 });
		const liveCollections = { products: { type: 'live' as const, loader: loader as never } };
		const astro = createGetLiveCollection({ liveCollections });
		const asked: unknown[][] = [];
		const content = {
			collections: liveCollections,
			getLiveCollection: (...args: Parameters<typeof astro>) => {
				asked.push(args);
				return astro(...args);
			},
		};
		const source = await liveSourceOf(content, { collection: 'products' });
		expect(source).toBe(liveSourceOfLoader(loader));
		expect(source.options.websiteId).toBe(WEBSITE_ID);
		await expect(liveSourceOf(content, { collection: 'catalogue' })).rejects.toThrow(
			/is not a live collection read by productsLiveLoader\(\)/,
		);
		// Only for a name the live config lacks, and only to quote Astro: no filter, no function.
		expect(asked).toEqual([['catalogue']]);
		expect(functionsIn(asked)).toEqual([]);
	});

	it('keeps its source out of sight: not enumerable, read-only, not on any other loader', () => {
		const loader = productsLiveLoader({ baseUrl: NOWHERE, websiteId: WEBSITE_ID });
		expect(Object.keys(loader).sort()).toEqual(['loadCollection', 'loadEntry', 'name']);
		const source = liveSourceOfLoader(loader);
		expect(source?.options.websiteId).toBe(WEBSITE_ID);
		expect(Object.isFrozen(source)).toBe(true);
		const other = {
			name: 'other',
			loadEntry: async () => undefined,
			loadCollection: async () => ({ entries: [] }),
		};
		expect(liveSourceOfLoader(other)).toBeUndefined();
		expect(liveSourceOfLoader(undefined)).toBeUndefined();
	});

	it("never calls a function it finds in a collection filter: the filter is the list's query", async () => {
		const loader = productsLiveLoader({ baseUrl: NOWHERE, websiteId: WEBSITE_ID, retries: 0 });
		const called: unknown[] = [];
		const filter = { lendSource: (source: unknown) => called.push(source) };
		const result = await loader.loadCollection({ collection: 'products', filter: filter as never });
		expect(called).toEqual([]);
		// It went to the service, as any list does (nothing answers there).
		expect(result).toMatchObject({ error: expect.objectContaining({ endpoint: 'listProducts' }) });
	});
});
