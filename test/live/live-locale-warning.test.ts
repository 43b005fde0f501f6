import { productsLiveLoader } from 'astro-audio-reviews/loaders';
import { type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveSitemapIndex } from '../../integration/src/on-demand/sitemap-routes.js';
import { localeRoutingOf } from '../../integration/src/routing/locale-routing.js';
import { listsConfig as config, listsContext, QUICK_LOADER as quick } from './pages.js';

/**
 * A site that uses only the live loader: no build loads its locales, so the on-demand routes say
 * where they and Astro's `i18n` disagree, once, through the request's logger.
 */
describe('locale warning of a live-only site', () => {
	let sim: Simulator;
	beforeAll(async () => {
		sim = await startSimulator({ products: 3, seed: 5, locales: ['en', 'fr'], longTail: false });
	});
	afterAll(() => sim?.close());

	it('warns once that i18n names a locale the live loader does not load, and one it does not name', async () => {
		const loader = productsLiveLoader({
			baseUrl: sim.baseUrl,
			websiteId: sim.websiteId,
			locales: ['en', 'fr'],
			...quick,
		});
		const routing = localeRoutingOf({ locales: ['en', 'de'], defaultLocale: 'en' });
		const warnings: string[] = [];
		const logger = { warn: (line: string) => warnings.push(line), error: () => undefined };
		const site = config(sim.websiteId, loader, routing);
		for (let i = 0; i < 2; i++) {
			const response = await liveSitemapIndex({ ...listsContext, logger }, site);
			expect(response.status).toBe(200);
		}
		expect(warnings).toEqual([
			expect.stringContaining(
				'The loader loads locale "fr", which Astro\'s i18n.locales ("en", "de") does not name',
			),
			expect.stringContaining(
				'Astro\'s i18n.locales names "de", which the loader does not load: that locale\'s pages get no product pages or hub. Add "de" to productsLiveLoader({ locales }) in src/live.config.ts',
			),
		]);
	});
});
