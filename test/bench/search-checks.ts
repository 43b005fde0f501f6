import { expect } from 'vitest';
import type { Results } from './bench-results.js';

/**
 * What the bench smoke checks of the search figures, static (Pagefind) and on demand
 * (PostgreSQL, 6g), in the results and report of its one run.
 */

/** Pagefind over the pages with and without the search option: index time, memory, words, files. */
export function expectStaticSearch(results: Results, markdown: string, pageFiles: number): void {
	const search = results.search!;
	for (const mode of ['on', 'off'] as const) {
		expect(search[mode].buildMs, mode).toBeGreaterThan(0);
		expect(search[mode].indexMs, mode).toBeGreaterThan(0);
		expect(search[mode].indexRssBytes, mode).toBeGreaterThan(0);
		expect(search[mode].index?.pages, mode).toBe(pageFiles);
		expect(search[mode].index?.files, mode).toBeGreaterThan(0);
	}
	expect(search.on.index!.words).toBeLessThan(search.off.index!.words / 5);
	expect([search.on.index!.filters, search.on.index!.sorts]).toEqual([1, 2]);
	expect(search.on.indexMaxFragments?.pages).toBe(pageFiles);
	expect(markdown).toContain('## Static search (Pagefind)');
}

/** The bytes a browser fetches per query from Pagefind's index, cold and warm; no timing bound. */
export function expectQueryBytes(results: Results, markdown: string): void {
	const bytes = results.search!.on.queryBytes!;
	// The figure in each message: a failure in CI says which bound moved, and by how much.
	const figure = JSON.stringify(bytes);
	expect(bytes && !bytes.error, figure).toBe(true);
	expect(bytes.withResults, figure).toBeGreaterThan(0);
	// Once a page: loader and worker, WebAssembly, metadata; a cold query pays them, then its
	// chunks and fragments, a warm one only those.
	for (const kind of ['loader', 'wasm', 'meta'])
		expect(bytes.start.kinds[kind], `${kind}: ${figure}`).toBeGreaterThan(0);
	expect(bytes.cold.medianBytes, figure).toBeGreaterThan(bytes.start.bytes);
	expect(bytes.coldByKind.index, figure).toBeGreaterThan(0);
	expect(bytes.coldByKind.fragment, figure).toBeGreaterThan(0);
	expect(bytes.warm.p95Bytes, figure).toBeGreaterThan(0);
	expect(bytes.cold.medianBytes, figure).toBeGreaterThanOrEqual(bytes.warm.medianBytes);
	expect(bytes.cold.p95Bytes, figure).toBeGreaterThanOrEqual(bytes.warm.p95Bytes);
	expect(bytes.cold.medianRequests, figure).toBeGreaterThanOrEqual(bytes.warm.medianRequests);
	expect(markdown).toMatch(
		/\| cold: a fresh browser context \| [\d.]+ KiB \| [\d.]+ KiB \| \d+ \/ \d+ \|/,
	);
	// Beside figure 6g's endpoint, in its anchor line.
	expect(markdown).toMatch(
		/Anchor, .* a median of [\d.]+ KiB cold .* against [\d,]+ bytes per answer/,
	);
}

/** Search on demand in PostgreSQL (6g): index against fetch, a no-change index, the endpoint. */
export function expectSearchPostgres(results: Results, markdown: string): void {
	const search = results.searchPostgres!;
	expect(search, 'figure 6g missing').toBeDefined();
	expect(search.ok, search.reason).toBe(true);
	expect(search.entries).toBe(search.products * 2);
	for (const key of ['fetchMs', 'firstIndexMs', 'noChangeIndexMs', 'indexBytes'] as const)
		expect(search[key], key).toBeGreaterThan(0);
	expect(search.noChange).toMatchObject({ indexed: 0, unchanged: search.products });
	expect(search.queriesWithResults).toBeGreaterThan(search.queries / 2);
	expect(search.p95Ms).toBeGreaterThanOrEqual(search.p50Ms);
	expect(markdown).toContain('### 6g. Search on demand in PostgreSQL');
	expect(markdown).toMatch(/\| 6g \| search on demand \(PostgreSQL\)/);
}
