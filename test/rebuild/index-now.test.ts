import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChangeReport } from '../../integration/src/pages/change-report.js';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';
import {
	type IndexNowReceiver,
	runIndexNowCli,
	startIndexNowReceiver,
	submittedUrls,
} from '../helpers/index-now-receiver.js';
import { rebuildEnv, staticPagesOf } from '../helpers/sim-pages.js';

/**
 * IndexNow after a deploy, end to end: real `astro build` processes of a fixture site with
 * `indexNow`, then the package's bin submitting to a loopback receiver what each build's change
 * report lists.
 */
const LOCALES = ['fr', 'en'] as const;
const SITE = 'https://shop.example';
const KEY = 'aar-indexnow-test-key-0123';
/** The hub pages of both locales: 24 products fit on the first page of each. */
const HUBS = ['/products/', '/en/products/'];
let sim: Simulator;
let receiver: IndexNowReceiver;
let env: Record<string, string>;
let site: BuiltSite;

beforeAll(async () => {
	sim = await startSimulator({ products: 24, locales: [...LOCALES], seed: 21, maxLimit: 10 });
	receiver = await startIndexNowReceiver();
	env = {
		...rebuildEnv(sim, LOCALES),
		FIXTURE_SITE: SITE,
		FIXTURE_INDEXNOW_ENDPOINT: receiver.endpoint,
		INDEXNOW_KEY: KEY,
	};
});
afterAll(async () => {
	await receiver?.close();
	await sim?.close();
});
beforeEach(() => receiver.reset());

const absolute = (path: string) => new URL(path, SITE).href;
const pagesOf = (ref: string) => staticPagesOf(sim, LOCALES, ref);
const rebuild = async () => {
	site = await buildFixture('basic', { child: true, reuse: site, env });
};
/** The command as a deploy job runs it after the deploy: in the project folder, default report path. */
const submit = async (...args: string[]) => {
	const result = await runIndexNowCli(args, site.root);
	expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
	return result;
};

describe('IndexNow after a deploy', () => {
	it('a first build writes the key file and records the target; the command submits nothing unless asked for every page', async () => {
		site = await buildFixture('basic', { child: true, label: 'indexnow', env });
		expect(await readFile(join(site.dist, `${KEY}.txt`), 'utf8')).toBe(KEY);
		expect(site.output).toContain(`IndexNow key file: dist/${KEY}.txt`);
		const report = JSON.parse(
			await readFile(join(site.root, '.astro/audio-reviews-changes.json'), 'utf8'),
		) as ChangeReport;
		expect(report.indexNow).toEqual({
			endpoint: receiver.endpoint,
			host: 'shop.example',
			key: KEY,
			keyLocation: `${SITE}/${KEY}.txt`,
		});

		const none = await submit();
		expect(none.stdout).toContain('First build (nothing to compare with): nothing submitted');
		expect(receiver.submissions).toEqual([]);

		await submit('--first-build', 'all');
		const everyPage = (await site.htmlFiles()).map((file) =>
			absolute(file.replace(/index\.html$/, '')),
		);
		const refs = new Set(
			LOCALES.flatMap((locale) =>
				sim.listAll({ locale, without: 'inactive' }).map((p) => p.external_id),
			),
		);
		const productPages = [...refs].flatMap((ref) => pagesOf(ref));
		expect(productPages.length).toBeGreaterThan(24 * LOCALES.length); // the long tail: a popular product's review pages
		expect(everyPage.length).toBe(1 + HUBS.length + productPages.length);
		expect(submittedUrls(receiver).sort()).toEqual(everyPage.sort());
		expect(receiver.submissions[0]).toMatchObject({
			host: 'shop.example',
			key: KEY,
			keyLocation: `${SITE}/${KEY}.txt`,
		});
	}, 240_000);

	it('a rebuild with nothing changed submits nothing', async () => {
		await rebuild();
		const { stdout } = await submit();
		expect(stdout).toContain(
			'Nothing changed since the previous build (0 changed, 0 added, 0 removed',
		);
		expect(receiver.submissions).toEqual([]);
	}, 240_000);

	it("after one edit: that product's pages in every locale, its hub pages and the home page that lists it", async () => {
		const edited = sim.listAll({ locale: 'fr', without: 'inactive' })[7]!.external_id;
		// The name shows on the hub pages (the home page of the fixture shows seo_name): both change with the product's pages.
		sim.updateProduct(edited, {
			name: 'Renamed in the backoffice',
			seo_name: 'Renamed in the backoffice',
		});
		expect(pagesOf(edited)).toHaveLength(LOCALES.length);
		await rebuild();
		await submit();
		expect(submittedUrls(receiver).sort()).toEqual(
			[...pagesOf(edited), ...HUBS, '/'].map(absolute).sort(),
		);
		expect(receiver.submissions).toHaveLength(1);
	}, 240_000);

	it('after a deletion: the removed pages, which now answer 404, and the pages that listed the product', async () => {
		const removed = sim.listAll({ locale: 'fr', without: 'inactive' })[3]!.external_id;
		const removedPages = pagesOf(removed);
		sim.removeProduct(removed);
		await rebuild();
		await submit();
		expect(submittedUrls(receiver).sort()).toEqual(
			[...removedPages, ...HUBS, '/'].map(absolute).sort(),
		);
		const report = JSON.parse(
			await readFile(join(site.root, '.astro/audio-reviews-changes.json'), 'utf8'),
		) as ChangeReport;
		expect(report.removed).toEqual(removedPages.map(absolute).sort());
	}, 240_000);
});
