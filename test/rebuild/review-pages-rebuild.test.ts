import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeReport } from '../../integration/src/pages/change-report.js';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';
import {
	type IndexNowReceiver,
	runIndexNowCli,
	startIndexNowReceiver,
	submittedUrls,
} from '../helpers/index-now-receiver.js';
import { manyReviews } from '../helpers/seo-site.js';
import { rebuildEnv } from '../helpers/sim-pages.js';

/**
 * A new review on a product with several review pages, through real incremental `astro build`
 * processes of the basic fixture (`reviewsPerPage: 2`): only that product's pages render again,
 * the change report lists them (and the page the new review added), and IndexNow submits them.
 */
const SITE = 'https://shop.example';
const KEY = 'aar-review-pages-key-0123';
const MANY = 'many-reviews';
const SMALL = 'one-review';
let sim: Simulator;
let receiver: IndexNowReceiver;
let site: BuiltSite;

beforeAll(async () => {
	sim = await startSimulator({ products: 6, locales: ['fr', 'en'], seed: 21 });
	sim.addProduct({ external_id: MANY, name: 'Many', reviews: manyReviews(MANY, 'fr', 5) });
	sim.addProduct({ external_id: SMALL, name: 'Small', reviews: manyReviews(SMALL, 'fr', 1) });
	receiver = await startIndexNowReceiver();
}, 60_000);
afterAll(async () => {
	await receiver?.close();
	await sim?.close();
});

const env = () => ({
	...rebuildEnv(sim, ['fr', 'en']),
	FIXTURE_SITE: SITE,
	FIXTURE_INDEXNOW_ENDPOINT: receiver.endpoint,
	INDEXNOW_KEY: KEY,
	FIXTURE_REVIEWS_PER_PAGE: '2',
});
/** Product and review pages Astro rendered (not restored from its incremental cache), as site paths. */
const rendered = (output: string) =>
	output
		.split('\n')
		.filter(
			(line) => /\/products\/[^/ ]+\/index\.html/.test(line) && !/\((cached|restored)\)/.test(line),
		)
		.map((line) => /(\/(?:en\/)?products\/[^/ ]+\/)index\.html/.exec(line)![1]!);
const pageOf = (ref: string, page: number) =>
	`/products/${ref}${page === 1 ? '' : `~reviews-${page}`}/`;
const absolute = (path: string) => new URL(path, SITE).href;

describe('a new review on a product with review pages', () => {
	it('re-renders only that product’s pages, and the change report and IndexNow list them', async () => {
		site = await buildFixture('basic', { child: true, label: 'review-pages-rebuild', env: env() });
		expect(rendered(site.output)).toEqual(
			expect.arrayContaining([1, 2, 3].map((n) => pageOf(MANY, n))),
		);

		const newest = manyReviews(MANY, 'fr', 7)
			.slice(5)
			.map((review, i) => ({ ...review, created_at: `2026-0${i + 1}-01T00:00:00.000Z` }));
		sim.updateProduct(MANY, (product) => void product.reviews.push(...newest));
		sim.updateProduct(SMALL, (product) => {
			product.reviews[0]!.transcript = 'Edited transcript.';
		});
		site = await buildFixture('basic', { child: true, reuse: site, env: env() });

		// 7 reviews at 2 a page: 4 pages now, each of them rendered; a one-page product renders its 1 page.
		// The product's English page, without reviews, renders too: it links to the French ones by their count.
		const manyPages = [1, 2, 3, 4].map((n) => pageOf(MANY, n));
		expect(rendered(site.output).sort()).toEqual(
			[...manyPages, `/en${pageOf(MANY, 1)}`, pageOf(SMALL, 1)].sort(),
		);
		const page4 = await site.read('products/many-reviews~reviews-4/index.html');
		// Undated reviews come last: the one undated review of the seven.
		expect(page4).toContain('data-review-id="many-reviews-fr-0003"');

		const report = JSON.parse(
			await readFile(join(site.root, '.astro/audio-reviews-changes.json'), 'utf8'),
		) as ChangeReport;
		const productUrls = (urls: string[]) =>
			urls.filter((url) => /\/products\/[^~/][^/]*\/$/.test(new URL(url).pathname));
		expect(productUrls(report.changed).sort()).toEqual(
			[...manyPages.slice(0, 3), `/en${pageOf(MANY, 1)}`, pageOf(SMALL, 1)].map(absolute).sort(),
		);
		expect(report.added).toEqual([absolute(pageOf(MANY, 4))]);

		const submitted = await runIndexNowCli([], site.root);
		expect(submitted.code, submitted.stderr).toBe(0);
		expect(submittedUrls(receiver)).toEqual(
			expect.arrayContaining([...manyPages, pageOf(SMALL, 1)].map(absolute)),
		);
	}, 300_000);
});
