import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productsLoader } from '../../integration/src/entries/loaders.js';
import { entryFacts } from '../../integration/src/schema/entry-metadata.js';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { createLoaderContext, type TestLoaderContext } from '../helpers/loader-context.js';

/** What productsLoader() stores with each entry for the pages, read as they read it from `getCollection`. */
let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator({ products: 24, locales: ['fr', 'en'], seed: 31, maxLimit: 10 });
});
afterAll(() => sim.close());

const options = (extra: Record<string, unknown> = {}) => ({
	baseUrl: sim.baseUrl,
	websiteId: sim.websiteId,
	locales: ['en', 'fr'],
	retryBaseDelayMs: 5,
	retryMaxDelayMs: 20,
	retries: 1,
	...extra,
});

/** Entry id → content date, as the loader saved them in its dates file. */
async function savedDates(t: TestLoaderContext): Promise<Map<string, string>> {
	const file = new URL('astro-audio-reviews/content-dates/products.json', t.cacheDir);
	const { dates } = JSON.parse(await readFile(file, 'utf8')) as {
		dates: Record<string, [string, string]>;
	};
	return new Map(Object.entries(dates).map(([id, [, date]]) => [id, date]));
}

/** The store as the previous package version wrote it: the same entries, without metadata. */
function withoutMetadata(t: TestLoaderContext): void {
	for (const [id, entry] of t.entries)
		t.entries.set(id, { id, data: entry.data, digest: entry.digest });
}

describe('entry metadata', () => {
	it("stores each entry's locale, the loader's locale order and its content date, and renders nothing", async () => {
		const t = createLoaderContext();
		await productsLoader(options()).load(t.context);
		const dates = await savedDates(t);
		expect(t.entries.size).toBeGreaterThan(0);
		for (const [id, entry] of t.entries) {
			expect(entryFacts(entry), id).toEqual({
				locale: id.split('/')[0],
				locales: ['en', 'fr'],
				contentDate: dates.get(id),
			});
			expect(entry.rendered?.html).toBe('');
		}
	});

	it('gives the entries of a store written without metadata their facts and saved dates, data and digest unchanged', async () => {
		const t = createLoaderContext();
		await productsLoader(options()).load(t.context);
		const dates = await savedDates(t);
		withoutMetadata(t);
		const before = new Map(
			[...t.entries].map(([id, entry]) => [id, { data: entry.data, digest: entry.digest }]),
		);
		const again = createLoaderContext(t);
		await productsLoader(options()).load(again.context);
		for (const [id, entry] of again.entries) {
			expect(entryFacts(entry)?.contentDate, id).toBe(dates.get(id));
			expect({ data: entry.data, digest: entry.digest }, id).toEqual(before.get(id));
		}
		// Stamped once: the next sync of the same catalogue writes nothing.
		const third = createLoaderContext(t);
		await productsLoader(options()).load(third.context);
		expect(third.writes).toEqual([]);
	});

	it('serves the saved dates from a last known good store, also one written without metadata', async () => {
		const t = createLoaderContext();
		await productsLoader(options()).load(t.context);
		const dates = await savedDates(t);
		withoutMetadata(t);
		await sim.setFaults({ outage: true });
		try {
			const stale = createLoaderContext(t);
			await productsLoader(options({ lastKnownGood: true })).load(stale.context);
			expect(stale.logs.some((line) => line.message.includes('LAST KNOWN GOOD'))).toBe(true);
			for (const [id, entry] of stale.entries) {
				expect(entryFacts(entry), id).toEqual({
					locale: id.split('/')[0],
					locales: ['en', 'fr'],
					contentDate: dates.get(id),
				});
			}
		} finally {
			await sim.setFaults({ outage: false });
		}
	});

	it('moves the date an entry carries only when what its page renders changed', async () => {
		const t = createLoaderContext();
		await productsLoader(options()).load(t.context);
		const [edited, other] = sim.refs();
		const dateOf = (c: TestLoaderContext, ref: string) =>
			entryFacts(c.entries.get(`fr/${ref}`)!)?.contentDate;
		const first = { edited: dateOf(t, edited!), other: dateOf(t, other!) };
		await new Promise((resolve) => setTimeout(resolve, 5));
		sim.updateProduct(edited!, { seo_name: 'A new SEO name' });
		const again = createLoaderContext(t);
		await productsLoader(options()).load(again.context);
		expect(dateOf(again, edited!)! > first.edited!).toBe(true);
		expect(dateOf(again, other!)).toBe(first.other);
		expect(again.writes.sort()).toEqual([`en/${edited}`, `fr/${edited}`]);
	});
});
