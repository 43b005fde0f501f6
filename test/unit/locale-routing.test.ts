import { describe, expect, it } from 'vitest';
import {
	type AstroI18n,
	localeHomePath,
	localeMismatchWarnings,
	localeOfSegment,
	localePrefix,
	localeRoutingOf,
} from '../../integration/src/routing/locale-routing.js';
import { withBase } from '../../integration/src/routing/url.js';
// Astro's own implementation of `getRelativeLocaleUrl` (astro:i18n calls it with the site's config);
// not in the package's exports, so reached by file: the breadcrumb's home is held to it.
import { getLocaleRelativeUrl } from '../../node_modules/astro/dist/i18n/index.js';

/** Astro's routing strategy for a config, as astro:i18n derives it (`toRoutingStrategy`, without domains). */
function strategyOf(i18n: AstroI18n): string {
	if (i18n.routing === 'manual') return 'manual';
	return i18n.routing?.prefixDefaultLocale
		? 'pathname-prefix-always-no-redirect'
		: 'pathname-prefix-other-locales';
}

const CONFIGS: Array<{ name: string; i18n: AstroI18n }> = [
	{
		name: 'default unprefixed',
		i18n: { locales: ['fr', 'en'], defaultLocale: 'fr', routing: { prefixDefaultLocale: false } },
	},
	{
		name: 'default prefixed',
		i18n: { locales: ['fr', 'en'], defaultLocale: 'fr', routing: { prefixDefaultLocale: true } },
	},
	{
		name: 'default not first',
		i18n: {
			locales: ['fr', 'en', 'pt_BR'],
			defaultLocale: 'en',
			routing: { prefixDefaultLocale: false },
		},
	},
	{
		name: 'manual routing',
		i18n: { locales: ['fr', 'en'], defaultLocale: 'en', routing: 'manual' },
	},
	{
		name: 'paths with codes',
		i18n: {
			locales: ['en', { path: 'french', codes: ['fr', 'fr-CA'] }],
			defaultLocale: 'en',
			routing: { prefixDefaultLocale: true },
		},
	},
];

describe('localeHomePath: the home getRelativeLocaleUrl(locale) of astro:i18n gives', () => {
	for (const { name, i18n } of CONFIGS) {
		for (const trailingSlash of [true, false]) {
			it(`${name}, trailingSlash ${trailingSlash ? 'always' : 'never'}`, () => {
				const routing = localeRoutingOf(i18n);
				const codes = i18n.locales.flatMap((entry) =>
					typeof entry === 'string' ? [entry] : entry.codes,
				);
				for (const locale of codes) {
					const astro = getLocaleRelativeUrl({
						locale,
						base: '/',
						locales: i18n.locales as never,
						trailingSlash: trailingSlash ? 'always' : 'never',
						format: 'directory',
						defaultLocale: i18n.defaultLocale,
						strategy: strategyOf(i18n) as never,
						domains: undefined,
					});
					expect(withBase('/', localeHomePath(routing, locale, trailingSlash)), locale).toBe(astro);
				}
			});
		}
	}

	it('is the site root without i18n, and for a locale i18n.locales does not name', () => {
		expect(localeHomePath(localeRoutingOf(undefined, 'fr'), 'en', true)).toBe('/');
		expect(localeHomePath(localeRoutingOf(CONFIGS[1]!.i18n), 'de', true)).toBe('/');
	});
});

describe('localePrefix and localeOfSegment: where a locale lives, and back', () => {
	it('prefixes every locale but the default, or every one with prefixDefaultLocale', () => {
		const plain = localeRoutingOf(CONFIGS[0]!.i18n);
		expect([
			localePrefix(plain, 'fr'),
			localePrefix(plain, 'en'),
			localePrefix(plain, undefined),
		]).toEqual(['', '/en', '']);
		const prefixed = localeRoutingOf(CONFIGS[1]!.i18n);
		// A one-locale catalogue names no locale: it lives where the default locale does.
		expect([
			localePrefix(prefixed, 'fr'),
			localePrefix(prefixed, 'en'),
			localePrefix(prefixed, undefined),
		]).toEqual(['/fr', '/en', '/fr']);
	});

	it("uses Astro's path of a locale's codes, lower-cased as Astro writes it, and finds the locale back from it", () => {
		const routing = localeRoutingOf({
			locales: ['en', 'pt_BR', { path: 'French', codes: ['fr', 'fr-CA'] }],
			defaultLocale: 'en',
		});
		expect(['en', 'pt_BR', 'fr', 'fr-CA'].map((locale) => localePrefix(routing, locale))).toEqual([
			'',
			'/pt-br',
			'/french',
			'/french',
		]);
		expect(localeOfSegment(routing, 'french', ['en', 'fr'])).toBe('fr');
		expect(localeOfSegment(routing, 'pt-br', ['en', 'pt_BR'])).toBe('pt_BR');
		expect(localeOfSegment(routing, 'en', ['en', 'fr'])).toBeUndefined();
		expect(localeOfSegment(routing, undefined, ['en', 'fr'])).toBe('en');
	});

	it("takes the defaultLocale option over i18n's, and the first code of a default given as a path", () => {
		expect(localeRoutingOf(CONFIGS[0]!.i18n, 'en').defaultLocale).toBe('en');
		expect(
			localeRoutingOf({
				locales: [{ path: 'french', codes: ['fr'] }, 'en'],
				defaultLocale: 'french',
			}).defaultLocale,
		).toBe('fr');
	});
});

describe('localeMismatchWarnings', () => {
	it('names a loaded locale i18n does not know, and an i18n locale (any of its codes) the loader does not load', () => {
		const routing = localeRoutingOf({
			locales: ['fr', { path: 'german', codes: ['de', 'de-AT'] }, { path: 'nl', codes: ['nl'] }],
			defaultLocale: 'fr',
		});
		const warnings = localeMismatchWarnings(routing, ['fr', 'en', 'de-AT']);
		expect(warnings).toHaveLength(2);
		expect(warnings[0]).toMatch(/loader loads locale "en".*Add "en" to i18n\.locales/);
		expect(warnings[1]).toMatch(
			/i18n\.locales names "nl", which the loader does not load.*Add "nl" to productsLoader/,
		);
	});

	it('says nothing without i18n, or when both name the same locales', () => {
		expect(localeMismatchWarnings(localeRoutingOf(undefined), ['fr', 'en'])).toEqual([]);
		expect(localeMismatchWarnings(localeRoutingOf(CONFIGS[0]!.i18n), ['en', 'fr'])).toEqual([]);
	});
});
