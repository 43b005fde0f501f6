import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The package's folders form layers that read one way: a folder may import its own files and any
 * folder of a lower rank, never one of the same or a higher rank. Leaves first.
 */
const LAYER_RANK: Record<string, number> = {
	// Shared foundations first: every error class, in one module.
	errors: 0,
	format: 0,
	// Every process-wide slot and the functions that read and write it: the one meaning of "state".
	state: 0,
	// The package's own files: one reader (format, version, zod schema, gzip), written whole or not at all.
	files: 1,
	// The OpenTelemetry instruments, recorded where the work happens; the API loaded lazily, optional.
	// Above errors/: the client metric's error types are the error classes' own.
	metrics: 1,
	// The option rules and schemas more than one feature reads (a feature's own options sit in its folder).
	options: 1,
	schema: 1,
	// The words pages print, one module per language, and their lookup.
	words: 1,
	// The one network layer every outbound call goes through: fetch, timeout, failure wording.
	network: 1,
	// What every `audio-reviews` subcommand shares: exit codes, durations, --help, --json.
	'command-line': 1,
	// The service client: the two endpoints, the transport and the paged catalogue sync.
	client: 2,
	seo: 3,
	// Every URL the package makes: locale prefixes, slugs, product, review and hub paths.
	routing: 4,
	// The lastmod of static pages and the sitemap XML of on-demand ones.
	sitemaps: 5,
	// The pages: what a product or hub page shows and dates, the /pages helpers, the build's page changes.
	pages: 6,
	// The review feed: its option, XML and writer; beside pages, not above them.
	feed: 6,
	// The build sync's machinery: staging, guards, meta store, summary, content dates, its options.
	'build-sync': 7,
	// IndexNow: its key settings, client and `audio-reviews indexnow`.
	indexnow: 8,
	// `audio-reviews poll`: the site's sync, page digests and the deploy hook; beside indexnow, not above it.
	poll: 8,
	// Search on demand in PostgreSQL: the schema, `audio-reviews index`, the queries, the endpoint.
	'search-postgres': 8,
	// `audio-reviews purge-cloudflare`: a static build's changed pages purged from Cloudflare's CDN.
	'cloudflare-purge': 8,
	// On-demand serving: the routes, cache policy, purge webhook, and the live loader in live-loader/.
	'on-demand': 9,
	// The shared page cache (Varnish) provider and its option: purges every node.
	'shared-cache': 9,
	// `astro dev` only: the dev toolbar app, its server side, the dev refresh and the loader's dev status.
	'dev-loop': 10,
	// Every virtual module, defined in one module and declared in one `.d.ts`.
	virtual: 10,
	// The build loader Astro calls: its load() syncs (the dev loop's reports go through its channel).
	'products-loader': 11,
	// The Astro hooks that wire the features, and `audioReviews()`'s whole option schema.
	hooks: 12,
	// The package's public entry points.
	entries: 13,
};

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../integration/src');
const RELATIVE_IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)'(\.{1,2}\/[^']+)'/g;

async function sourceFiles(dir: string): Promise<string[]> {
	const found: string[] = [];
	for (const item of await readdir(dir, { withFileTypes: true })) {
		const path = join(dir, item.name);
		if (item.isDirectory()) found.push(...(await sourceFiles(path)));
		else if (/\.ts$/.test(item.name)) found.push(path);
	}
	return found;
}

/** Top-level folder of a file inside integration/src; files at the root count as entries. */
function layerOf(file: string): string {
	const parts = relative(SRC, file).split(sep);
	return parts.length === 1 ? 'entries' : parts[0]!;
}

interface Edge {
	from: string;
	to: string;
	specifier: string;
}

async function crossLayerImports(): Promise<Edge[]> {
	const edges: Edge[] = [];
	for (const file of await sourceFiles(SRC)) {
		const text = await readFile(file, 'utf8');
		for (const match of text.matchAll(RELATIVE_IMPORT)) {
			const target = resolve(dirname(file), match[1]!);
			if (!target.startsWith(SRC + sep)) {
				edges.push({
					from: relative(SRC, file),
					to: '(outside integration/src)',
					specifier: match[1]!,
				});
				continue;
			}
			if (layerOf(target) !== layerOf(file))
				edges.push({ from: relative(SRC, file), to: relative(SRC, target), specifier: match[1]! });
		}
	}
	return edges;
}

/** Every relative import between files of integration/src, as file → imported files. */
async function fileGraph(): Promise<Map<string, string[]>> {
	const graph = new Map<string, string[]>();
	for (const file of await sourceFiles(SRC)) {
		const text = await readFile(file, 'utf8');
		const targets = [...text.matchAll(RELATIVE_IMPORT)].map((match) =>
			relative(SRC, resolve(dirname(file), match[1]!)).replace(/\.js$/, '.ts'),
		);
		graph.set(relative(SRC, file), targets);
	}
	return graph;
}

/** The import cycles of `graph`, each as the files around it (depth-first search, each cycle reported once from where it closes). */
function cycles(graph: Map<string, string[]>): string[][] {
	const found: string[][] = [];
	const state = new Map<string, 'open' | 'done'>();
	const stack: string[] = [];
	const visit = (file: string) => {
		state.set(file, 'open');
		stack.push(file);
		for (const target of graph.get(file) ?? []) {
			if (state.get(target) === 'open') found.push([...stack.slice(stack.indexOf(target)), target]);
			else if (!state.has(target)) visit(target);
		}
		stack.pop();
		state.set(file, 'done');
	};
	for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
	return found;
}

/** The folders of `graph` (paths relative to integration/src, at every depth), as folder → folders it imports. */
function folderGraph(graph: Map<string, string[]>): Map<string, string[]> {
	const folders = new Map<string, Set<string>>();
	for (const [file, targets] of graph) {
		const from = dirname(file);
		const edges = folders.get(from) ?? new Set<string>();
		for (const target of targets) if (dirname(target) !== from) edges.add(dirname(target));
		folders.set(from, edges);
	}
	return new Map([...folders].map(([folder, edges]) => [folder, [...edges]]));
}

const PACKAGE = resolve(SRC, '../..');
const pkg = JSON.parse(await readFile(join(PACKAGE, 'package.json'), 'utf8')) as {
	exports: object;
	imports: object;
};
const SHIPPED_SOURCE = ['integration/components', 'integration/routes'];
const ANY_IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)'([^']+)'/g;

/**
 * What a component or an injected route may import: the package by its public entry points or
 * its `#internal/…` imports, a sibling file, Astro and the integration's virtual modules. Never
 * the build output or the source by path, which nothing would tie to the entry points.
 */
function allowedFromShippedSource(specifier: string, file: string): boolean {
	if (specifier.startsWith('astro-audio-reviews'))
		return `.${specifier.slice('astro-audio-reviews'.length)}` in pkg.exports;
	if (specifier.startsWith('#')) return specifier in pkg.imports;
	if (
		specifier === 'astro' ||
		specifier.startsWith('astro:') ||
		specifier.startsWith('virtual:astro-audio-reviews/')
	)
		return true;
	if (!specifier.startsWith('.')) return false;
	const target = resolve(dirname(file), specifier);
	return SHIPPED_SOURCE.some((folder) => target.startsWith(join(PACKAGE, folder) + sep));
}

describe('integration/src import graph', () => {
	it('has no file that imports, directly or through others, a file importing it back', async () => {
		expect(cycles(await fileGraph()).map((cycle) => cycle.join(' → '))).toEqual([]);
	});

	it('has no folder, at any depth, that imports a folder importing it back', async () => {
		expect(cycles(folderGraph(await fileGraph())).map((cycle) => cycle.join(' → '))).toEqual([]);
	});

	it('finds a folder cycle when there is one (the check itself)', () => {
		const graph = new Map([
			['pages/a.ts', ['seo/b.ts']],
			['seo/b.ts', ['seo/c.ts']],
			['seo/c.ts', ['pages/d.ts']],
		]);
		expect(cycles(folderGraph(graph))).toEqual([['pages', 'seo', 'pages']]);
	});

	it('lets components and injected routes import the package only by its entry points', async () => {
		const wrong: string[] = [];
		for (const folder of SHIPPED_SOURCE) {
			for (const item of await readdir(join(PACKAGE, folder), { recursive: true })) {
				const file = join(PACKAGE, folder, item);
				if (!/\.(?:ts|astro)$/.test(item)) continue;
				for (const match of (await readFile(file, 'utf8')).matchAll(ANY_IMPORT))
					if (!allowedFromShippedSource(match[1]!, file))
						wrong.push(`${folder}/${item} imports ${match[1]}`);
			}
		}
		expect(wrong).toEqual([]);
		expect(
			allowedFromShippedSource(
				'../dist/seo/page-meta.js',
				join(PACKAGE, 'integration/components/X.astro'),
			),
		).toBe(false);
		expect(
			allowedFromShippedSource(
				'astro-audio-reviews/render',
				join(PACKAGE, 'integration/components/X.astro'),
			),
		).toBe(false);
	});

	it('finds a cycle when there is one (the check itself)', () => {
		const graph = new Map([
			['a.ts', ['b.ts']],
			['b.ts', ['c.ts']],
			['c.ts', ['a.ts']],
			['d.ts', ['a.ts']],
		]);
		expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
	});

	it("keeps every option schema in options/ or a feature's *-option(s).ts: zod is imported at run time only there, in schema/ and in the dev loop's protocol", async () => {
		const ZOD_AT_RUN_TIME = /^import\s+(?!type\b)[^;]*from\s+'astro\/zod'/m;
		const outside: string[] = [];
		for (const file of await sourceFiles(SRC)) {
			const layer = layerOf(file);
			if (
				layer !== 'options' &&
				layer !== 'schema' &&
				!/-options?\.ts$/.test(file) &&
				// The dev loop's protocol: every message between the app, the server and the loader, parsed.
				relative(SRC, file) !== join('dev-loop', 'protocol.ts') &&
				ZOD_AT_RUN_TIME.test(await readFile(file, 'utf8'))
			)
				outside.push(relative(SRC, file));
		}
		expect(outside).toEqual([]);
		expect(ZOD_AT_RUN_TIME.test("import { z } from 'astro/zod';")).toBe(true);
		expect(ZOD_AT_RUN_TIME.test("import type { z } from 'astro/zod';")).toBe(false);
	});

	it('has only known layers', async () => {
		const layers = new Set((await sourceFiles(SRC)).map(layerOf));
		expect([...layers].filter((layer) => !(layer in LAYER_RANK))).toEqual([]);
	});

	it('imports only downwards', async () => {
		const upward = (await crossLayerImports()).filter(({ from, to }) => {
			const fromRank = LAYER_RANK[layerOf(join(SRC, from))];
			const toRank = LAYER_RANK[to.startsWith('(') ? 'entries' : layerOf(join(SRC, to))];
			return fromRank === undefined || toRank === undefined || toRank >= fromRank;
		});
		expect(upward.map(({ from, specifier }) => `${from} imports ${specifier}`)).toEqual([]);
	});
});
