import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { buildFixture, plain } from '../helpers/build-fixture.js';

let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator({ products: 120, locales: ['fr', 'en'], seed: 31, maxLimit: 50 });
});
afterAll(() => sim.close());

const env = (extra: Record<string, string> = {}) => ({
	AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
	AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
	AUDIO_REVIEWS_LOCALES: 'fr,en',
	...extra,
});

describe('astro build of a site using productsLoader', () => {
	it('loads every product of both locales into the collection', async () => {
		const site = await buildFixture('basic', { env: env() });
		const html = parse(await site.read('index.html'));
		const ids = html.querySelectorAll('#products li').map((li) => li.getAttribute('data-id'));
		const expected = [
			...sim.listAll({ locale: 'fr', without: 'inactive' }).map((p) => `fr/${p.external_id}`),
			...sim.listAll({ locale: 'en', without: 'inactive' }).map((p) => `en/${p.external_id}`),
		];
		expect(ids.sort()).toEqual(expected.sort());
		const refs = new Set(ids.map((id) => id!.slice(3)));
		expect(site.output).toContain(
			`Synced ${refs.size} products × 2 locales (fr, en): ${ids.length} entries in `,
		);
	});

	it('fails the build on an invalid product, naming its ref and the field path', async () => {
		const ref = sim
			.listAll({ locale: 'fr', without: 'inactive' })
			.filter((p) => p.reviews.length > 0)[4]!.external_id;
		sim.updateProduct(ref, (product) => {
			const review = product.reviews.find(
				(r) => r.locale === 'fr' && r.is_active && r.validated && !r.awaitingValidation,
			);
			if (review) review.rating = 7;
		});
		try {
			const error = (await buildFixture('basic', {
				env: env({ AUDIO_REVIEWS_LOCALES: 'fr' }),
			}).catch((e: unknown) => e)) as Error & {
				output: string;
			};
			expect(error).toBeInstanceOf(Error);
			const text = plain(`${error.message}\n${error.output}`);
			expect(text).toContain(JSON.stringify(ref));
			expect(text).toMatch(/reviews\[\d+\]\.rating/);

			const skipped = await buildFixture('basic', {
				env: env({ AUDIO_REVIEWS_LOCALES: 'fr', FIXTURE_ON_INVALID: 'skip' }),
			});
			const ids = parse(await skipped.read('index.html'))
				.querySelectorAll('#products li')
				.map((li) => li.getAttribute('data-id'));
			expect(ids).not.toContain(ref);
			expect(ids).toHaveLength(sim.listAll({ locale: 'fr', without: 'inactive' }).length - 1);
			expect(skipped.output).toMatch(/Skipped: Invalid product: reviews\[\d+\]\.rating/);
		} finally {
			sim.updateProduct(ref, (product) => {
				for (const review of product.reviews) if (review.rating === 7) review.rating = 5;
			});
		}
	});

	it('exits with an error naming the endpoint and the error when the service is down', async () => {
		sim.setFaults({ outage: true });
		try {
			const error = (await buildFixture('basic', { env: env({ FIXTURE_RETRIES: '1' }) }).catch(
				(e: unknown) => e,
			)) as Error & {
				output: string;
			};
			expect(error).toBeInstanceOf(Error);
			const text = plain(`${error.message}\n${error.output}`);
			expect(text).toContain('GET /ws/websites/{websiteId}/products');
			expect(text).toContain('HTTP 503');
		} finally {
			sim.setFaults({ outage: false });
		}
	});
});
