import { describe, expect, it } from 'vitest';
import {
	type AstroI18n,
	localeHomeUrl,
	localeRoutingOf,
} from '../../integration/src/routing/locale-routing.js';
// Astro's own `getRelativeLocaleUrl`, reached by file as in locale-routing.test.ts.
import { getLocaleRelativeUrl } from '../../node_modules/astro/dist/i18n/index.js';

const I18N: AstroI18n = {
	locales: ['fr', 'en'],
	defaultLocale: 'fr',
	routing: { prefixDefaultLocale: false },
};

describe('localeHomeUrl: the breadcrumb home under base, where getRelativeLocaleUrl puts it', () => {
	for (const base of ['/shop', '/shop/', '/']) {
		for (const trailingSlash of [true, false]) {
			it(`base ${base}, trailingSlash ${trailingSlash ? 'always' : 'never'}`, () => {
				const routing = localeRoutingOf(I18N);
				for (const locale of ['fr', 'en']) {
					const astro = getLocaleRelativeUrl({
						locale,
						base,
						locales: I18N.locales as never,
						trailingSlash: trailingSlash ? 'always' : 'never',
						format: 'directory',
						defaultLocale: I18N.defaultLocale,
						strategy: 'pathname-prefix-other-locales' as never,
						domains: undefined,
					});
					expect(localeHomeUrl(routing, locale, trailingSlash, base), locale).toBe(astro);
				}
			});
		}
	}

	it('is /shop, not /shop/, for the unprefixed locale with trailingSlash never', () => {
		expect(localeHomeUrl(localeRoutingOf(I18N), 'fr', false, '/shop')).toBe('/shop');
		expect(localeHomeUrl(localeRoutingOf(I18N), 'fr', true, '/shop')).toBe('/shop/');
	});
});
