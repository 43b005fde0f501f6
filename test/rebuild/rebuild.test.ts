import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeReport } from '../../integration/src/pages/change-report.js';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { type BuiltSite, buildFixture, plain } from '../helpers/build-fixture.js';
import { rebuildEnv, staticPagesOf } from '../helpers/sim-pages.js';

/**
 * The deploy-hook path, end to end: real `astro build` processes of a fixture site against the
 * simulator over HTTP, with the store and Astro's incremental cache kept between them.
 */
const LOCALES = ['fr', 'en'] as const;
let sim: Simulator;
let env: Record<string, string>;

beforeAll(async () => {
	// A page-size cap of 10 spreads the catalogue over several list pages per locale, so
	// conditional requests can answer 304 for some pages and 200 for others.
	sim = await startSimulator({ products: 24, locales: [...LOCALES], seed: 21, maxLimit: 10 });
	env = rebuildEnv(sim, LOCALES);
});
afterAll(() => sim.close());

/** Every HTML file of the output, hashed: "byte-identical" is checked on all of them. */
async function snapshot(site: BuiltSite): Promise<Map<string, string>> {
	const files = await site.htmlFiles();
	const entries = await Promise.all(
		files.map(
			async (file) =>
				[
					file,
					createHash('sha256')
						.update(await readFile(join(site.dist, file)))
						.digest('hex'),
				] as const,
		),
	);
	return new Map(entries);
}

const report = async (site: BuiltSite) =>
	JSON.parse(
		await readFile(join(site.root, '.astro/audio-reviews-changes.json'), 'utf8'),
	) as ChangeReport;

/** Product pages Astro rendered rather than restored from its incremental cache. */
const renderedPages = (output: string) =>
	output
		.split('\n')
		.filter(
			(line) => /\/products\/[^ ]+index\.html/.test(line) && !/\((cached|restored)\)/.test(line),
		)
		.map((line) => /(\/(?:[a-z]{2}\/)?products\/[^ ]+\/)index\.html/.exec(line)![1]!)
		.sort();
const restoredCount = (output: string) =>
	output.split('\n').filter((line) => /\/products\/.*\((cached|restored)\)/.test(line)).length;

/** Page paths of one product in every locale the simulator has it in, from the simulator's own data. */
const pagesOf = (ref: string) => staticPagesOf(sim, LOCALES, ref);

describe('deploy-hook rebuilds', () => {
	let site: BuiltSite;
	let before: Map<string, string>;

	it('reports every page as new on the first build', async () => {
		site = await buildFixture('basic', { child: true, label: 'rebuild', env });
		const first = await report(site);
		expect(first.previousBuild).toBeNull();
		expect(first.added).toHaveLength((await site.htmlFiles()).length);
		expect(site.output).toMatch(/Pages since the last build: \d+ pages, first build/);
		before = await snapshot(site);
	}, 240_000);

	it('rebuilds with nothing changed: every list page 304, no page rendered, an empty report', async () => {
		sim.resetStats();
		site = await buildFixture('basic', { child: true, reuse: site, env });
		expect(sim.stats.list).toBeGreaterThanOrEqual(6);
		expect(sim.stats.notModified).toBe(sim.stats.list);
		expect(site.output).toMatch(/\(6 not modified\)/);
		expect(renderedPages(site.output)).toEqual([]);
		const second = await report(site);
		expect({ added: second.added, changed: second.changed, removed: second.removed }).toEqual({
			added: [],
			changed: [],
			removed: [],
		});
		expect(second.summary).toBe(`0 changed, 0 added, 0 removed, ${before.size} unchanged`);
		expect(await snapshot(site)).toEqual(before);
	}, 240_000);

	it('after one edit, one removal and one addition: exactly those pages change, the rest are byte-identical', async () => {
		const refs = sim.listAll({ locale: 'fr', without: 'inactive' }).map((p) => p.external_id);
		// Both on the second list page; the addition keeps count_item, so the first page stays Not Modified.
		const [edited, removed] = [refs[12]!, refs[15]!];
		const removedPages = pagesOf(removed);
		sim.updateProduct(edited, { seo_name: 'Edited in the backoffice' });
		sim.removeProduct(removed);
		const added = sim.addProduct({ external_id: 'NEW-SKU-1' });
		const editedPages = pagesOf(edited);
		const addedPages = pagesOf(added);
		expect(editedPages.length).toBeGreaterThan(0);
		expect(addedPages.length).toBeGreaterThan(0);

		sim.resetStats();
		site = await buildFixture('basic', { child: true, reuse: site, env });
		const after = await snapshot(site);
		const file = (path: string) => `${path}index.html`;

		// The fixture's index and the hub pages list the products, so they change too: pages like any other.
		const hubs = ['/products/', '/en/products/'];
		const expectChanged = [...editedPages.map(file), ...hubs.map(file), '/index.html'].sort();
		const changed = [...after.keys()]
			.filter((path) => before.has(path) && before.get(path) !== after.get(path))
			.sort();
		expect(changed).toEqual(expectChanged);
		expect([...after.keys()].filter((path) => !before.has(path)).sort()).toEqual(
			addedPages.map(file).sort(),
		);
		expect([...before.keys()].filter((path) => !after.has(path)).sort()).toEqual(
			removedPages.map(file).sort(),
		);

		const third = await report(site);
		expect(third.changed).toEqual([...editedPages, ...hubs, '/'].sort());
		expect(third.added).toEqual([...addedPages].sort());
		expect(third.removed).toEqual([...removedPages].sort());
		expect(third.unchanged).toBe(after.size - third.changed.length - third.added.length);
		expect(site.output).toContain(
			`Pages since the last build: ${third.changed.length} changed, ${third.added.length} added, ${third.removed.length} removed, ${third.unchanged} unchanged`,
		);

		// Astro skipped every product page whose cacheKey did not move.
		expect(renderedPages(site.output)).toEqual([...editedPages, ...addedPages].sort());
		expect(restoredCount(site.output)).toBe(
			after.size - 1 - hubs.length - editedPages.length - addedPages.length,
		);
		// Pages before the removed product's position were Not Modified; the shift after it was not.
		expect(sim.stats.notModified).toBeGreaterThan(0);
		expect(sim.stats.single).toBe(0);
		before = after;
	}, 240_000);

	it('refuses to publish a catalogue that lost more than half its products, unless allowed', async () => {
		const refs = sim.listAll({ locale: 'fr', without: 'inactive' }).map((p) => p.external_id);
		const gone = refs.slice(0, Math.ceil(refs.length * 0.6));
		for (const ref of gone) sim.removeProduct(ref);

		const failure = await buildFixture('basic', { child: true, reuse: site, env }).then(
			() => undefined,
			(error: Error & { output?: string }) => `${error.message}\n${error.output ?? ''}`,
		);
		expect(failure).toBeDefined();
		expect(plain(failure!)).toMatch(
			/returned \d+ products for locale (fr|en), \d+ at the last successful sync \(\d+% gone, more than the 50% `maxShrink` allows\)/,
		);
		expect(plain(failure!)).toContain('AUDIO_REVIEWS_ALLOW_SHRINK=1');
		// The failed build left the previous deploy's pages in place.
		expect(await snapshot(site)).toEqual(before);

		site = await buildFixture('basic', {
			child: true,
			reuse: site,
			env: { ...env, AUDIO_REVIEWS_ALLOW_SHRINK: '1' },
		});
		const allowed = await report(site);
		expect(allowed.removed).toEqual(gone.flatMap((ref) => removedPathsOf(ref, before)).sort());
		before = await snapshot(site);
	}, 240_000);

	it('builds from the last known good store when the service is down, only when opted in, and says so', async () => {
		await sim.setFaults({ outage: true });
		try {
			const failure = await buildFixture('basic', { child: true, reuse: site, env }).then(
				() => undefined,
				(error: Error & { output?: string }) => `${error.message}\n${error.output ?? ''}`,
			);
			expect(plain(failure ?? '')).toContain('GET /ws/websites/{websiteId}/products');
			expect(plain(failure ?? '')).toContain('HTTP 503');

			site = await buildFixture('basic', {
				child: true,
				reuse: site,
				env: { ...env, AUDIO_REVIEWS_LAST_KNOWN_GOOD: '1' },
			});
			const output = site.output;
			expect(output).toMatch(
				/LAST KNOWN GOOD: the service is unreachable; building collection "products" from the store synced at \d{4}-/,
			);
			expect(output).toMatch(
				/LAST KNOWN GOOD: collection "products" was built from the store synced at/,
			);
			const stale = await report(site);
			expect(stale.lastKnownGood).toHaveLength(1);
			expect(stale.lastKnownGood[0]!.reason).toMatch(/503/);
			expect(stale.changed).toEqual([]);
			expect(await snapshot(site)).toEqual(before);
		} finally {
			await sim.setFaults({ outage: false });
		}
		// Back to normal: the marker is gone.
		site = await buildFixture('basic', { child: true, reuse: site, env });
		expect((await report(site)).lastKnownGood).toEqual([]);
	}, 240_000);

	it('discards a restored store made for another website and syncs in full', async () => {
		const other = await startSimulator({
			products: 5,
			locales: [...LOCALES],
			seed: 99,
			websiteId: '0b8f6a3e-2d4c-4e8a-9b1f-3c5d7e9f1a2b',
		});
		try {
			const otherEnv = {
				...env,
				AUDIO_REVIEWS_BASE_URL: other.baseUrl,
				AUDIO_REVIEWS_WEBSITE_ID: other.websiteId,
			};
			site = await buildFixture('basic', { child: true, reuse: site, env: otherEnv });
			expect(site.output).toMatch(
				/The restored content store does not match this site \(website id .*; base URL .*\): discarding it and syncing everything/,
			);
			const refs = other.listAll({ locale: 'fr', without: 'inactive' }).map((p) => p.external_id);
			const files = (await site.htmlFiles()).filter(
				(file) => file !== '/index.html' && !file.endsWith('/products/index.html'),
			);
			expect(files).toHaveLength(refs.length * LOCALES.length);
			// Nothing of the first website survived, in pages or in the store.
			expect(site.output).toMatch(
				new RegExp(
					`Synced ${refs.length} products × 2 locales \\(fr, en\\): ${refs.length * LOCALES.length} entries in [\\d.]+ s: ${refs.length * LOCALES.length} added, 0 updated, 0 removed, 0 unchanged`,
				),
			);
		} finally {
			other.close();
		}
	}, 240_000);
});

/** Paths of a product's pages in a snapshot of an earlier build (the product may be gone now). */
function removedPathsOf(ref: string, snapshotBefore: Map<string, string>): string[] {
	return (
		[...snapshotBefore.keys()]
			// The product page and its further review pages.
			.filter((file) =>
				new RegExp(
					`/products/${ref.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(~reviews-\\d+)?/index\\.html$`,
				).test(file),
			)
			.map((file) => file.slice(0, -'index.html'.length))
	);
}
