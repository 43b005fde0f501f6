// Summarises a V8 .cpuprofile (node --cpu-prof) by where self time went: our package's
// files, zod, Astro's content layer (store), Astro's renderer, the bundler, Node internals, GC.
import { readFile } from 'node:fs/promises';

/** Buckets, first match wins; `test` gets the frame's URL and function name. */
const BUCKETS = [
	['idle', (_url, fn) => fn === '(idle)'],
	['gc', (_url, fn) => fn === '(garbage collector)'],
	['program (V8/native, unattributed)', (_url, fn) => fn === '(program)' || fn === '(root)'],
	[
		'package: loader + sync (fetch, validation glue, store calls)',
		(url) => /integration\/dist\/(loaders|sync|state)\//.test(url),
	],
	['package: HTTP client', (url) => /integration\/dist\/client\//.test(url)],
	['package: schema', (url) => /integration\/dist\/schema\//.test(url)],
	[
		'package: pages, SEO, components',
		(url) =>
			/integration\/(dist\/(routing|words|hubs|view|virtual|seo|hooks)|components|routes)\//.test(
				url,
			) || /astro-audio-reviews\/integration\//.test(url),
	],
	['package: other', (url) => /integration\/dist\//.test(url)],
	['zod (validation)', (url) => /node_modules\/zod\//.test(url)],
	['devalue (store (de)serialisation)', (url) => /node_modules\/devalue\//.test(url)],
	[
		'astro: content layer (data store, loaders, digest)',
		(url) => /astro\/dist\/content\//.test(url),
	],
	// The injected page (integration/routes/product.astro) with the package's components and the
	// helpers they import, bundled by Vite into the site's product chunk: package code.
	[
		"package: page templates and helpers (bundled into the site's product_*.mjs chunk)",
		(url) => /\/chunks\/product_[^/]*\.mjs/.test(url),
	],
	[
		'astro: render runtime',
		(url) =>
			/astro\/dist\/(runtime|core\/render|core\/app)/.test(url) ||
			/\.astro(\?|$)/.test(url) ||
			/dist\/chunks\/|\.prerender\/|build\/(pages|chunks)\//.test(url),
	],
	[
		'astro: build pipeline (generate, incremental cache)',
		(url) => /astro\/dist\/core\/build\//.test(url),
	],
	['astro: other', (url) => /node_modules\/astro\//.test(url)],
	[
		'bundler (vite, rollup/rolldown, esbuild)',
		(url) =>
			/node_modules\/(vite|rollup|rolldown|@rollup|@rolldown|esbuild|lightningcss|postcss)/.test(
				url,
			),
	],
	['other node_modules', (url) => /node_modules\//.test(url)],
	['node: fetch (undici)', (url) => /node:internal\/deps\/undici|internal\/deps\/undici/.test(url)],
	['node: fs, streams, zlib', (url) => /node:(internal\/)?(fs|streams?|zlib)/.test(url)],
	['node: other internals', (url) => /^node:/.test(url)],
	['built-ins / unattributed (JSON, RegExp, strings)', () => true],
];

/**
 * Returns `{ totalMs, buckets: [{ name, ms, share }], files: [{ file, ms, share }] }`, idle
 * excluded from shares (it is time spent waiting: the network, the disk).
 */
export async function summariseProfile(path, { topFiles = 20 } = {}) {
	const profile = JSON.parse(await readFile(path, 'utf8'));
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const self = new Map();
	for (let i = 0; i < profile.samples.length; i++) {
		const id = profile.samples[i];
		self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
	}
	const buckets = new Map();
	const files = new Map();
	let totalMs = 0;
	let idleMs = 0;
	for (const [id, ms] of self) {
		const { url, functionName } = byId.get(id).callFrame;
		const name = BUCKETS.find(([, test]) => test(url, functionName))[0];
		totalMs += ms;
		if (name === 'idle') {
			idleMs += ms;
			continue;
		}
		buckets.set(name, (buckets.get(name) ?? 0) + ms);
		const file = shortFile(url, functionName);
		files.set(file, (files.get(file) ?? 0) + ms);
	}
	const busyMs = totalMs - idleMs;
	const rows = (map) =>
		[...map]
			.sort((a, b) => b[1] - a[1])
			.map(([name, ms]) => ({ name, ms: Math.round(ms), share: ms / busyMs }));
	const pageFunctions = new Map();
	for (const [id, ms] of self) {
		const { url, functionName } = byId.get(id).callFrame;
		if (!/\/chunks\/product_[^/]*\.mjs/.test(url)) continue;
		const name = functionName || '(anonymous: template body)';
		pageFunctions.set(name, (pageFunctions.get(name) ?? 0) + ms);
	}
	return {
		totalMs: Math.round(totalMs),
		busyMs: Math.round(busyMs),
		idleMs: Math.round(idleMs),
		buckets: rows(buckets),
		files: rows(files).slice(0, topFiles),
		pageFunctions: rows(pageFunctions).slice(0, 8),
	};
}

function shortFile(url, functionName) {
	if (!url) return functionName || '(native)';
	const clean = url.replace(/^file:\/\//, '').replace(/\?.*$/, '');
	const modules = clean.lastIndexOf('node_modules/');
	if (modules >= 0) return clean.slice(modules + 'node_modules/'.length);
	const repo = clean.indexOf('/integration/');
	if (repo >= 0) return `astro-audio-reviews${clean.slice(repo)}`;
	const work = clean.indexOf('/bench/.work/');
	if (work >= 0)
		return `<site>/${clean
			.slice(work + '/bench/.work/'.length)
			.split('/')
			.slice(1)
			.join('/')}`;
	return clean;
}

// CLI: node bench/lib/profile.mjs file.cpuprofile
if (import.meta.url === `file://${process.argv[1]}`) {
	const summary = await summariseProfile(process.argv[2], { topFiles: 30 });
	console.log(`total ${summary.totalMs} ms, busy ${summary.busyMs} ms, idle ${summary.idleMs} ms`);
	for (const row of summary.buckets)
		console.log(
			`${(row.share * 100).toFixed(1).padStart(5)}%  ${String(row.ms).padStart(7)} ms  ${row.name}`,
		);
	console.log('--- package page chunk, by function');
	for (const row of summary.pageFunctions)
		console.log(
			`${(row.share * 100).toFixed(1).padStart(5)}%  ${String(row.ms).padStart(7)} ms  ${row.name}`,
		);
	console.log('--- files');
	for (const row of summary.files)
		console.log(
			`${(row.share * 100).toFixed(1).padStart(5)}%  ${String(row.ms).padStart(7)} ms  ${row.name}`,
		);
}
