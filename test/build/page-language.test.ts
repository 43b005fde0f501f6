import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';
import { LANGUAGE_CATALOGUE, languageMismatch, urlLocale } from '../helpers/page-language.js';

/**
 * Static pages speak the language of the locale in their URL, whatever the order of the loader's
 * locales and with or without Astro's i18n: `<html lang>` (the shop layout's `lang` prop),
 * `og:locale`, JSON-LD `inLanguage` and the package's own words, on the injected product, review
 * and hub pages and on the shop's own route through `astro-audio-reviews/pages`. One build per
 * configuration, every page of it checked.
 */
const CONFIGS = [
	// The first locale unprefixed, no i18n: the French shop of the issue.
	{ locales: ['fr', 'en'], i18n: undefined, unprefixed: 'fr' },
	// i18n's defaultLocale unprefixed although the loader lists it second.
	{ locales: ['en', 'fr'], i18n: 'fr', unprefixed: 'fr' },
	// Every locale prefixed, the default one (neither the loader's first nor last) too.
	{ locales: ['de', 'fr', 'en'], i18n: 'fr,prefix', unprefixed: undefined },
] as const;

let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator({ ...LANGUAGE_CATALOGUE, products: 3 });
});
afterAll(() => sim?.close());

function kindOf(file: string): string | undefined {
	if (/\/products\/(~page-\d+\/)?index\.html$/.test(file)) return 'hub';
	if (/\/products\/[^/]+~reviews-\d+\/index\.html$/.test(file)) return 'review page';
	if (/\/products\/[^/]+\/index\.html$/.test(file)) return 'product page';
	if (/\/shop\/[^/]+\/index\.html$/.test(file)) return 'own route';
	return undefined;
}

for (const config of CONFIGS) {
	describe(`static pages, locales ${config.locales.join(',')}, i18n ${config.i18n ?? 'none'}`, () => {
		let site: BuiltSite;
		beforeAll(async () => {
			site = await buildFixture('page-language-static', {
				label: `page-language-${config.locales.join('-')}`,
				extends: ['basic', 'page-language'],
				env: {
					AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
					AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
					AUDIO_REVIEWS_LOCALES: config.locales.join(','),
					FIXTURE_I18N: config.i18n,
				},
			});
		}, 240_000);

		it('gives every page the lang, og:locale, inLanguage and words of its URL’s locale', async () => {
			const seen = new Set<string>();
			const wrong: string[] = [];
			for (const file of await site.htmlFiles()) {
				const kind = kindOf(file);
				if (!kind) continue;
				const locale = urlLocale(file, config.locales, config.unprefixed);
				expect(locale, file).toBeDefined();
				seen.add(`${locale} ${kind}`);
				for (const problem of languageMismatch(await site.read(file), locale!))
					wrong.push(`${file}: ${problem}`);
			}
			expect(wrong).toEqual([]);
			// Not vacuous: every kind of page in every locale was read.
			const kinds = ['hub', 'review page', 'product page', 'own route'];
			expect([...seen].sort()).toEqual(
				config.locales.flatMap((locale) => kinds.map((kind) => `${locale} ${kind}`)).sort(),
			);
		});
	});
}
