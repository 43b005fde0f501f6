import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';
import { LANGUAGE_CATALOGUE, languageMismatch } from '../helpers/page-language.js';
import { get } from './pages.js';
import { type StandaloneServer, startStandalone } from './standalone.js';

/**
 * On-demand pages speak the language of the locale in their URL, whatever the order of the live
 * loader's locales and with or without Astro's i18n: the shop's own route of the recipe
 * (`liveProductPage`, unprefixed), its pre-rendered top products (`liveStaticPaths`), the injected
 * `/[locale]/products/[...ref]` and the hubs. One build per configuration; where the unprefixed
 * locale is not the loader's first, a route loading the plain ref fails loudly, naming the locale.
 */
const CONFIGS = [
	// The French shop: the recipe as written, a plain ref, no i18n.
	{ locales: ['fr', 'en'], i18n: undefined, unprefixed: 'fr', routeLoads: undefined },
	// i18n's defaultLocale second in the loader's order: the route loads it by name.
	{ locales: ['en', 'fr'], i18n: 'fr', unprefixed: 'fr', routeLoads: 'fr' },
	// Every locale prefixed: the injected locale route serves them all.
	{ locales: ['de', 'fr', 'en'], i18n: 'fr,prefix', unprefixed: undefined, routeLoads: undefined },
] as const;

let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator({ ...LANGUAGE_CATALOGUE, products: 4 });
});
afterAll(() => sim?.close());

for (const config of CONFIGS) {
	describe(`on-demand pages, locales ${config.locales.join(',')}, i18n ${config.i18n ?? 'none'}`, () => {
		let site: BuiltSite;
		let server: StandaloneServer;
		const env = () => ({
			AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
			AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
			AUDIO_REVIEWS_LOCALES: config.locales.join(','),
			FIXTURE_I18N: config.i18n,
			FIXTURE_UNPREFIXED_LOCALE: config.routeLoads,
		});
		const prefix = (locale: string) => (locale === config.unprefixed ? '' : `/${locale}`);

		beforeAll(async () => {
			site = await buildFixture('page-language-live', {
				label: `page-language-live-${config.locales.join('-')}`,
				extends: ['on-demand', 'page-language'],
				env: env(),
			});
			server = await startStandalone(site.dist, env());
		}, 240_000);
		afterAll(() => server?.close());

		it('gives every product, review and hub page the lang, og:locale, inLanguage and words of its URL’s locale', async () => {
			const wrong: string[] = [];
			let reviewPages = 0;
			const check = async (path: string, locale: string) => {
				const page = await get(server.url, path);
				if (page.status !== 200) wrong.push(`${path}: ${page.status}`);
				else
					for (const problem of languageMismatch(page.body, locale))
						wrong.push(`${path}: ${problem}`);
				return page;
			};
			for (const locale of config.locales) {
				await check(`${prefix(locale)}/products/`, locale);
				for (const ref of sim.refs()) {
					const product = `${prefix(locale)}/products/${encodeURIComponent(ref)}/`;
					const page = await check(product, locale);
					const further = page.body.match(/href="([^"]*~reviews-2\/)"/)?.[1];
					if (further) {
						reviewPages++;
						await check(further, locale);
					}
				}
			}
			expect(wrong).toEqual([]);
			expect(reviewPages).toBeGreaterThan(0);
		});

		it.skipIf(config.unprefixed === undefined)(
			'pre-renders the top products in the unprefixed locale',
			async () => {
				const files = sim
					.refs()
					.map((ref) => join(site.dist, 'client', 'products', ref, 'index.html'))
					.filter((file) => existsSync(file));
				expect(files.length).toBeGreaterThan(0);
				for (const file of files) {
					const html = await site.read(file.slice(site.dist.length + 1));
					expect(languageMismatch(html, config.unprefixed!), file).toEqual([]);
				}
			},
		);

		it.skipIf(config.routeLoads === undefined)(
			'fails loudly, naming the locale to load, when the route loads the plain ref in the loader’s first locale',
			async () => {
				const plain = await startStandalone(site.dist, {
					...env(),
					FIXTURE_UNPREFIXED_LOCALE: undefined,
				});
				try {
					const ref = sim.refs()[3]!;
					const page = await get(plain.url, `/products/${encodeURIComponent(ref)}/`);
					expect(page.status).toBe(500);
					expect(plain.log()).toContain('PageLocaleError');
					expect(plain.log()).toContain(`getLiveEntry('products', { ref, locale: "fr" })`);
				} finally {
					await plain.close();
				}
			},
		);
	});
}
