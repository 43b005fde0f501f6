import { afterEach, expect, it } from 'vitest';
import { buildFixture } from '../helpers/build-fixture.js';
import { makeCatalogue, useHostileServices } from '../helpers/hostile-service.js';

/**
 * A real `astro build` against a list endpoint whose `count_item` says 10 while 50 products
 * exist, all in the first page of 100: the build must fail naming the endpoint and the count,
 * never publish 10 pages and drop 40 products. (The whole table of lying lists runs against the
 * sync in test/sync/lying-services.test.ts.)
 */
const { hostile } = useHostileServices(afterEach);

it('fails the build, naming the endpoint and what disagreed, when count_item is below what the first page holds', async () => {
	const service = await hostile({ catalogue: makeCatalogue(50), countItem: () => 10 });
	const env = {
		AUDIO_REVIEWS_BASE_URL: service.url,
		AUDIO_REVIEWS_WEBSITE_ID: service.websiteId,
		AUDIO_REVIEWS_LOCALES: 'fr',
		FIXTURE_RETRIES: '0',
	};
	const outcome = (await buildFixture('basic', { child: true, env, label: 'lying-count' }).catch(
		(error: unknown) => error,
	)) as Error & {
		output?: string;
	};
	expect(outcome.message, outcome.output).toBe('astro build exited with 1');
	expect(outcome.output).toContain('the page at offset 0 holds 50 products, past count_item 10');
	expect(outcome.output).toContain('endpoint GET /ws/websites/{websiteId}/products');
}, 180_000);
