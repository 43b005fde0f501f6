import { productsLiveLoader } from 'astro-audio-reviews/loaders';
import { type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** `getLiveCollection('products', { limit })` against a service that answers at most 100 products per page. */
let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator({ products: 320, seed: 9, maxLimit: 100 });
});
afterAll(() => sim.close());

const loader = () =>
	productsLiveLoader({
		baseUrl: sim.baseUrl,
		websiteId: sim.websiteId,
		locale: 'en',
		retryBaseDelayMs: 5,
		retryMaxDelayMs: 20,
	});
const expected = (offset: number, limit: number) =>
	sim
		.listAll({ locale: 'en', without: 'inactive' })
		.slice(offset, offset + limit)
		.map((product) => product.external_id);

describe('productsLiveLoader.loadCollection beyond the service page cap', () => {
	it('pages through the cap of 100 up to the limit asked, in as few requests as the cap allows', async () => {
		sim.resetStats();
		const result = await loader().loadCollection({
			filter: { limit: 250, offset: 10 },
			collection: 'products',
		});
		if ('error' in result) throw result.error;
		expect(result.entries.map((entry) => entry.id)).toEqual(expected(10, 250));
		expect(sim.stats.list).toBe(3);
	});

	it('stops at the end of the catalogue', async () => {
		sim.resetStats();
		const total = sim.listAll({ locale: 'en', without: 'inactive' }).length;
		const result = await loader().loadCollection({
			filter: { limit: 500 },
			collection: 'products',
		});
		if ('error' in result) throw result.error;
		expect(result.entries).toHaveLength(total);
		expect(sim.stats.list).toBe(Math.ceil(total / 100));
	});

	it('says clearly when the limit is more than one call may load', async () => {
		const result = await loader().loadCollection({
			filter: { limit: 5000 },
			collection: 'products',
		});
		expect('error' in result && result.error.message).toBe(
			'getLiveCollection() can load from 1 to 1,000 products per call (`limit`), not 5000: page through a larger catalogue with `offset`, or load it at build time with productsLoader() (endpoint GET /ws/websites/{websiteId}/products)',
		);
	});
});
