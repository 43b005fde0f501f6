import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productsLoader } from '../../integration/src/entries/loaders.js';
import { entryFacts } from '../../integration/src/schema/entry-metadata.js';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { createLoaderContext, type TestLoaderContext } from '../helpers/loader-context.js';

/** The rebuild guards at loader level, against the simulator over HTTP. */
const fast = { retryBaseDelayMs: 5, retryMaxDelayMs: 20, retries: 1 } as const;
let sim: Simulator;

beforeAll(async () => {
	sim = await startSimulator({ products: 40, locales: ['fr'], seed: 4, maxLimit: 10 });
});
afterAll(() => sim.close());

const options = (extra: Record<string, unknown> = {}) => ({
	baseUrl: sim.baseUrl,
	websiteId: sim.websiteId,
	locale: 'fr',
	...fast,
	...extra,
});
const breakRating = (ref: string) =>
	sim.updateProduct(ref, (product) => {
		product.reviews[0]!.rating = 9;
	});
const fixRating = (ref: string) =>
	sim.updateProduct(ref, (product) => {
		product.reviews[0]!.rating = 4;
	});
/** The content date the loader stored with entry `id`, as the pages read it from `getCollection`. */
const contentDateOf = (t: TestLoaderContext, id: string) =>
	entryFacts(t.entries.get(id) ?? {})?.contentDate;
const messages = (t: TestLoaderContext, level: string) =>
	t.logs.filter((l) => l.level === level).map((l) => l.message);

describe('rebuild guards (loader)', () => {
	it('does not let mass-invalid products with onInvalid "skip" empty the site, and deletes nothing', async () => {
		const withReviews = sim
			.refs()
			.filter((ref) => sim.getProduct(ref, { locale: 'fr' }).reviews.length > 0);
		const t = createLoaderContext();
		await productsLoader(options({ onInvalid: 'skip' })).load(t.context);
		const before = new Map(t.entries);
		const broken = withReviews.slice(0, Math.ceil(before.size * 0.6));
		for (const ref of broken) breakRating(ref);
		try {
			const again = createLoaderContext(t);
			await expect(
				productsLoader(options({ onInvalid: 'skip' })).load(again.context),
			).rejects.toThrow(
				/Only \d+ products passed validation \(onInvalid: "skip"\) for locale fr, \d+ at the last successful sync/,
			);
			expect([...again.entries.keys()].sort()).toEqual([...before.keys()].sort());
		} finally {
			for (const ref of broken) fixRating(ref);
		}
	});

	it('replays Not Modified pages from the store, and re-fetches a locale whose 304 page holds a skipped product', async () => {
		const ref = sim.refs().find((r) => sim.getProduct(r, { locale: 'fr' }).reviews.length > 0)!;
		breakRating(ref);
		try {
			const t = createLoaderContext();
			await productsLoader(options({ onInvalid: 'skip' })).load(t.context);
			expect(t.entries.has(ref)).toBe(false);
			sim.resetStats();
			const again = createLoaderContext(t);
			await productsLoader(options({ onInvalid: 'skip' })).load(again.context);
			// Every page was 304 at first (40 products at a cap of 10, pages overlapping by one: 5 pages);
			// the one holding the skipped product forced one full pass.
			expect(sim.stats.notModified).toBe(5);
			expect(
				messages(again, 'info').some((m) => m.startsWith('Re-fetching locale fr in full')),
			).toBe(true);
			expect(
				messages(again, 'warn').some((m) => m.includes(JSON.stringify(ref)) || m.includes(ref)),
			).toBe(true);
			expect(again.entries.size).toBe(t.entries.size);
			expect(again.writes).toEqual([]);
		} finally {
			fixRating(ref);
		}
	});

	it('with everything valid and unchanged, a re-sync is all 304 and writes nothing', async () => {
		const t = createLoaderContext();
		await productsLoader(options()).load(t.context);
		sim.resetStats();
		const again = createLoaderContext(t);
		await productsLoader(options()).load(again.context);
		expect(sim.stats.list).toBe(5);
		expect(sim.stats.notModified).toBe(5);
		expect(again.writes).toEqual([]);
		expect(messages(again, 'info').find((m) => m.startsWith('Synced'))).toMatch(
			/0 added, 0 updated, 0 removed, 40 unchanged · 5 requests \(5 not modified\)/,
		);
	});

	it('with `conditional: false`, sends no validators', async () => {
		const t = createLoaderContext();
		await productsLoader(options({ conditional: false })).load(t.context);
		sim.resetStats();
		await productsLoader(options({ conditional: false })).load(createLoaderContext(t).context);
		expect(sim.stats.notModified).toBe(0);
	});

	it('never serves the last known good store for bad data, only for an outage', async () => {
		const t = createLoaderContext();
		await productsLoader(options({ lastKnownGood: true })).load(t.context);
		const ref = sim.refs().find((r) => sim.getProduct(r, { locale: 'fr' }).reviews.length > 0)!;
		breakRating(ref);
		try {
			await expect(
				productsLoader(options({ lastKnownGood: true })).load(createLoaderContext(t).context),
			).rejects.toThrow(/failed validation/);
		} finally {
			fixRating(ref);
		}
		await sim.setFaults({ outage: true });
		try {
			const stale = createLoaderContext(t);
			await productsLoader(options({ lastKnownGood: true })).load(stale.context);
			expect(messages(stale, 'warn').join('\n')).toMatch(
				/LAST KNOWN GOOD: the service is unreachable/,
			);
			expect(JSON.parse(stale.meta.get('aar:last-sync')!).lastKnownGood.reason).toMatch(/503/);
		} finally {
			await sim.setFaults({ outage: false });
		}
	});

	it('keeps content dates when the store is cleared, and lends none to a store of another query', async () => {
		const t = createLoaderContext();
		await productsLoader(options()).load(t.context);
		const ids = [...t.entries.keys()];
		const first = new Map(ids.map((id) => [id, contentDateOf(t, id)]));
		expect(first.get(ids[0]!)).toMatch(/^\d{4}-\d\d-\d\dT/);
		await new Promise((resolve) => setTimeout(resolve, 5));
		// What Astro does when content.config.ts changes: an empty store and meta, the cache folder kept.
		const cleared = createLoaderContext({ ...t, entries: new Map(), meta: new Map() });
		await productsLoader(options()).load(cleared.context);
		expect(cleared.entries.size).toBe(ids.length);
		for (const id of ids) expect(contentDateOf(cleared, id), id).toBe(first.get(id));
		// Other list filters: another catalogue, whose dates start afresh.
		const other = createLoaderContext({ ...t, entries: new Map(), meta: new Map() });
		await productsLoader(options({ published: true })).load(other.context);
		const kept = [...other.entries.keys()];
		expect(kept.length).toBeGreaterThan(0);
		for (const id of kept) expect(contentDateOf(other, id)! > first.get(id)!, id).toBe(true);
	});

	it('takes from a restored dates file only dates a sitemap can print', async () => {
		const t = createLoaderContext();
		await productsLoader(options()).load(t.context);
		const file = new URL('astro-audio-reviews/content-dates/products.json', t.cacheDir);
		const saved = JSON.parse(await readFile(file, 'utf8'));
		const [forged, kept] = Object.keys(saved.dates) as [string, string];
		saved.dates[forged][1] = '</lastmod><script>alert(1)</script>';
		await writeFile(file, JSON.stringify(saved));
		const cleared = createLoaderContext({ ...t, entries: new Map(), meta: new Map() });
		await productsLoader(options()).load(cleared.context);
		expect(contentDateOf(cleared, forged)).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/);
		expect(contentDateOf(cleared, kept)).toBe(saved.dates[kept][1]);
	});

	it('explains a bad maxShrink at config time', () => {
		expect(() => productsLoader(options({ maxShrink: 2 }))).toThrow(
			/maxShrink: Expected `maxShrink` to be a fraction from 0 to 1/,
		);
	});
});
