// @ts-check
/**
 * What a visitor's browser fetches per search from Pagefind's static index: dist/ served as
 * files on loopback, Debian's Chromium driving Pagefind's own JS API from a page of the site as
 * a search box does (`search(q)`, then `data()` of the first 10 results, what a list of 10
 * shows), the bytes of Pagefind's requests counted per query.
 *
 * Counted where they are sent: serveDist's bytes written to the socket for each response under
 * /pagefind/ (status line, headers, body, chunked framing: what crossed loopback). For a request
 * the browser reports whole it is the same number as CDP's `Network.loadingFinished`
 * `encodedDataLength` (60,008 bytes for the smoke's WebAssembly, both ways), but Pagefind
 * searches in a Web Worker whose script a page's CDP session never sees finish (Playwright's
 * `sizes()` give it a 0-byte body): the server misses nothing. It adds no compression: Pagefind's
 * index files are gzip already, its loader is counted uncompressed. The body alone (the files'
 * bytes) is kept beside it, to compare with an endpoint's JSON body.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { serveDist } from '../../scripts/serve-dist.mjs';
import { launchChromium } from './chromium.mjs';
import { median } from './median.mjs';
import { quantile } from './search-queries.mjs';

/** Queries measured: about 100 at full size (each cold one opens a browser context), a few in the smoke. */
export const QUERIES = 100;
export const SMOKE_QUERIES = 3;
/** Results whose `data()` a results list shows. */
export const RESULTS_SHOWN = 10;
/** Where dist/ holds Pagefind's files (the bench sites have no `base`). */
const PREFIX = '/pagefind/';
/**
 * What a page pays once before its first query: the loader, its Web Worker, the WebAssembly and
 * the metadata, loaded by a search without a term (Pagefind's filter-only search, no word chunk).
 */
const START = `import('/pagefind/pagefind.js').then((api) => api.search(null)).then(() => undefined)`;

/**
 * Cold: a fresh browser context per query (empty cache: loader, worker, WebAssembly, metadata,
 * chunks, fragments). Warm: one page, the queries one after another once Pagefind is loaded
 * (`START`, its cost reported apart), each counting only what it newly fetched.
 * @param {{ dist: string; pagePath: string; queries: string[] }} options
 */
export async function measureQueryBytes({ dist, pagePath, queries }) {
	const meter = serverMeter();
	const site = await serveDist(dist, { onRequest: meter.onRequest });
	const browser = await launchChromium();
	const url = `${site.origin}${pagePath}`;
	try {
		/** @type {Counted[]} */
		const cold = [];
		for (const q of queries) {
			const context = await browser.newContext();
			const page = await openPage(context, url);
			await meter.none('the page itself');
			const found = await search(page, q);
			cold.push({ ...(await meter.take()), found });
			await context.close();
		}
		const context = await browser.newContext();
		const page = await openPage(context, url);
		await meter.none('the page itself');
		await page.evaluate(START);
		const start = await meter.take();
		/** @type {Counted[]} */
		const warm = [];
		for (const q of queries) {
			const found = await search(page, q);
			warm.push({ ...(await meter.take()), found });
		}
		await context.close();
		return {
			queries: queries.length,
			withResults: cold.filter((c) => (c.found ?? 0) > 0).length,
			resultsShown: RESULTS_SHOWN,
			cold: summary(cold),
			coldByKind: byKind(cold),
			warm: summary(warm),
			start: {
				bytes: start.bytes,
				bodyBytes: start.bodyBytes,
				requests: start.requests,
				kinds: start.kinds,
				...(await loaderFiles(dist, start.loaderPaths)),
			},
		};
	} finally {
		await browser.close();
		await site.close();
	}
}

/**
 * @typedef {{ bytes: number; bodyBytes: number; requests: number; kinds: Record<string, number>; loaderPaths: string[]; found?: number }} Counted
 */

/** `search(q)` and the first results' `data()`, in the page; resolves with the results' count. */
async function search(/** @type {import('playwright-core').Page} */ page, /** @type {string} */ q) {
	// A string: the module is the site's, imported by the page, not by this process.
	return /** @type {Promise<number>} */ (
		page.evaluate(`(async () => {
			const api = await import('/pagefind/pagefind.js');
			const found = await api.search(${JSON.stringify(q)});
			await Promise.all(found.results.slice(0, ${RESULTS_SHOWN}).map((result) => result.data()));
			return found.results.length;
		})()`)
	);
}

/** A page of the site, loaded. */
async function openPage(
	/** @type {import('playwright-core').BrowserContext} */ context,
	/** @type {string} */ url,
) {
	const page = await context.newPage();
	const response = await page.goto(url);
	if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status()}`);
	return page;
}

/**
 * Pagefind's responses as the server sends them: `onRequest` for serveDist; `take()` waits for
 * the responses of the requests that arrived since the last take (the page's promise resolved,
 * so every request it awaited has arrived) and sums them.
 */
function serverMeter() {
	/** @type {Promise<import('../../scripts/serve-dist.mjs').Sent & { path: string }>[]} */
	let sent = [];
	const take = async () => {
		const taken = await Promise.all(sent);
		sent = [];
		const wrong = taken.filter((r) => r.status !== 200);
		if (wrong.length)
			throw new Error(
				`Pagefind's requests failed: ${wrong.map((r) => `${r.path} ${r.status}`).join(', ')}`,
			);
		/** @type {Counted} */
		const counted = { bytes: 0, bodyBytes: 0, requests: taken.length, kinds: {}, loaderPaths: [] };
		for (const r of taken) {
			const kind = kindOf(r.path.slice(PREFIX.length));
			if (kind === 'loader') counted.loaderPaths.push(r.path);
			counted.bytes += r.bytes;
			counted.bodyBytes += r.bodyBytes;
			counted.kinds[kind] = (counted.kinds[kind] ?? 0) + r.bytes;
		}
		return counted;
	};
	return {
		onRequest: (
			/** @type {string} */ path,
			/** @type {Promise<import('../../scripts/serve-dist.mjs').Sent>} */ response,
		) => {
			if (path.startsWith(PREFIX)) sent.push(response.then((r) => ({ ...r, path })));
		},
		take,
		/** Nothing of Pagefind's fetched since the last take (by `by`): a query's bytes are its own. */
		none: async (/** @type {string} */ by) => {
			const { requests } = await take();
			if (requests > 0)
				throw new Error(`${by} fetched ${requests} of Pagefind's files: not a query's`);
		},
	};
}

/** The loader's files: their bytes, and as a host that compresses them would send them (gzip's default level). */
async function loaderFiles(/** @type {string} */ dist, /** @type {string[]} */ paths) {
	const files = await Promise.all(paths.map((path) => readFile(join(dist, path))));
	return {
		loaderBodyBytes: files.reduce((sum, file) => sum + file.length, 0),
		loaderGzipBodyBytes: files.reduce((sum, file) => sum + gzipSync(file).length, 0),
	};
}

/** What a file of dist/pagefind/ is to a query, by its name. */
function kindOf(/** @type {string} */ path) {
	if (/^pagefind[^/]*\.js$/.test(path) || path === 'pagefind-entry.json') return 'loader';
	if (/^wasm\./.test(path)) return 'wasm';
	if (/\.pf_meta$/.test(path)) return 'meta';
	if (/\.pf_index$/.test(path)) return 'index';
	if (/\.pf_filter$/.test(path)) return 'filter';
	if (/\.pf_fragment$/.test(path)) return 'fragment';
	return 'other';
}

/** Median and p95 of bytes, body bytes and requests per query. */
function summary(/** @type {Counted[]} */ list) {
	const sorted = (/** @type {(c: Counted) => number} */ pick) =>
		list.map(pick).sort((a, b) => a - b);
	const bytes = sorted((c) => c.bytes);
	const bodyBytes = sorted((c) => c.bodyBytes);
	const requests = sorted((c) => c.requests);
	return {
		medianBytes: Math.round(median(bytes)),
		p95Bytes: quantile(bytes, 0.95),
		medianBodyBytes: Math.round(median(bodyBytes)),
		p95BodyBytes: quantile(bodyBytes, 0.95),
		medianRequests: median(requests),
		p95Requests: quantile(requests, 0.95),
		maxRequests: requests.at(-1) ?? 0,
	};
}

/** Per kind of file, the median bytes a cold query fetched of it. */
function byKind(/** @type {Counted[]} */ list) {
	const kinds = [...new Set(list.flatMap((c) => Object.keys(c.kinds)))];
	return Object.fromEntries(
		kinds.map((kind) => [kind, Math.round(median(list.map((c) => c.kinds[kind] ?? 0)))]),
	);
}
