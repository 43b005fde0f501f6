import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { buildFixture } from '../helpers/build-fixture.js';

let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator({ products: 30, locales: ['fr'], seed: 13 });
});
afterAll(() => sim.close());

/** Product pages Astro rendered (not restored from its incremental cache) in a build log. */
const rendered = (output: string) =>
	output
		.split('\n')
		.filter(
			(line) => /\/products\/[^/ ]+\/index\.html/.test(line) && !/\((cached|restored)\)/.test(line),
		)
		.map((line) => /\/products\/([^/ ]+)\/index\.html/.exec(line)![1]);

describe('incremental builds', () => {
	it('re-renders only the page whose product changed, thanks to the digest cacheKey', async () => {
		const env = {
			AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
			AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
			AUDIO_REVIEWS_LOCALES: 'fr',
			FIXTURE_INCREMENTAL: '1',
		};
		const first = await buildFixture('basic', { label: 'incremental', env });
		const all = sim.listAll({ locale: 'fr', without: 'inactive' }).map((p) => p.external_id);
		expect(rendered(first.output).sort()).toEqual([...all].sort());

		const changed = all[3]!;
		sim.updateProduct(changed, { seo_name: 'Changed for the incremental test' });
		const second = await buildFixture('basic', { reuse: first, env });
		expect(rendered(second.output)).toEqual([changed]);
		expect(await second.read(`products/${changed}/index.html`)).toContain(
			'<title>Changed for the incremental test</title>',
		);
	});
});
