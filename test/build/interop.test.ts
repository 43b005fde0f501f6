import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '../../integration/src/routing/product-url.js';
import { createSlugger } from '../../integration/src/routing/slug.js';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';

/**
 * The pages next to what shops put in their config: @astrojs/sitemap, Astro's i18n routing
 * (its defaultLocale picks the unprefixed locale) and every trailingSlash / build.format pair
 * that changes URLs. Canonical, hreflang and sitemap URLs must agree with the files written.
 */
const SITE = 'https://shop.example';
let sim: Simulator;
let slugFor: (ref: string) => string;
let refs: { en: string[]; fr: string[] };

beforeAll(async () => {
	sim = await startSimulator({ products: 12, locales: ['fr', 'en'], seed: 5, adversarial: true });
	const en = sim.listAll({ locale: 'en', without: 'inactive' }).map((p) => p.external_id);
	const fr = sim.listAll({ locale: 'fr', without: 'inactive' }).map((p) => p.external_id);
	refs = { en, fr };
	const slugger = createSlugger([...fr, ...en]);
	slugFor = (ref) => slugger.slugFor(ref);
});
afterAll(() => sim.close());

async function buildWith(label: string, env: Record<string, string>): Promise<BuiltSite> {
	return buildFixture('interop', {
		label,
		// Only the config differs from the basic fixture: same collection and index page.
		extends: 'basic',
		env: {
			AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
			AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
			AUDIO_REVIEWS_LOCALES: 'fr,en',
			...env,
		},
	});
}

async function sitemapUrls(site: BuiltSite): Promise<string[]> {
	const index = parse(await site.read('sitemap-index.xml'));
	const urls: string[] = [];
	for (const loc of index.querySelectorAll('sitemap loc')) {
		const file = new URL(loc.textContent.trim()).pathname.slice(1);
		urls.push(
			...parse(await site.read(file))
				.querySelectorAll('url loc')
				.map((node) => node.textContent.trim()),
		);
	}
	return urls;
}

/** Every product URL the site should have, from the simulator's own data: i18n's `en` unprefixed. */
function expectedUrls(slash: boolean): Map<string, { locale: string; ref: string }> {
	const urls = new Map<string, { locale: string; ref: string }>();
	for (const locale of ['en', 'fr'] as const) {
		for (const ref of refs[locale])
			urls.set(
				new URL(productPath(slugFor(ref), locale, 'en', '/products/[ref]', slash), SITE).href,
				{ locale, ref },
			);
	}
	return urls;
}

const cases = [
	{ label: 'slash-ignore', env: {}, slash: true, file: (path: string) => `${path}index.html` },
	{
		label: 'slash-never',
		env: { FIXTURE_TRAILING_SLASH: 'never' },
		slash: false,
		file: (path: string) => `${path}/index.html`,
	},
	{
		label: 'format-file',
		env: { FIXTURE_TRAILING_SLASH: 'never', FIXTURE_FORMAT: 'file' },
		slash: false,
		file: (path: string) => `${path}.html`,
	},
] as const;

describe.each(cases)('interop: sitemap + i18n routing, $label', ({ label, env, slash, file }) => {
	let site: BuiltSite;
	beforeAll(async () => {
		site = await buildWith(label, env);
	}, 240_000);

	it('writes each page where its URL points, with canonical and hreflang equal to that URL', async () => {
		const expected = expectedUrls(slash);
		expect(expected.size).toBeGreaterThan(40);
		let joined = 0;
		for (const [url, { locale, ref }] of expected) {
			const path = decodeURIComponent(new URL(url).pathname);
			const html = parse(await site.read(file(path).slice(1)));
			expect(html.querySelector('html')!.getAttribute('lang'), url).toBe(locale);
			expect(html.querySelector('link[rel="canonical"]')!.getAttribute('href'), ref).toBe(url);
			const alternates = Object.fromEntries(
				html
					.querySelectorAll('link[rel="alternate"][hreflang]')
					.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]),
			);
			// A page names itself among its hreflang alternates when it has any (indexable versions only).
			if (Object.keys(alternates).length === 0) continue;
			joined += 1;
			expect(alternates[locale]).toBe(url);
			// x-default at the default locale's page, when that is one of them.
			if (alternates.en)
				expect(alternates['x-default']).toBe(
					new URL(productPath(slugFor(ref), 'en', 'en', '/products/[ref]', slash), SITE).href,
				);
			else expect(alternates['x-default'], url).toBeUndefined();
		}
		expect(joined).toBeGreaterThan(20);
	});

	it('lists every product page in the sitemap, exactly as its canonical URL', async () => {
		const listed = new Set(await sitemapUrls(site));
		for (const url of expectedUrls(slash).keys()) expect(listed.has(url), url).toBe(true);
		// Hub pages (`/products/`, `/fr/products/`) are listed too, and are no product page.
		const hubs = [...listed].filter((url) => /\/products\/?$/.test(new URL(url).pathname));
		expect(hubs.sort()).toEqual([
			`${SITE}/fr/products${slash ? '/' : ''}`,
			`${SITE}/products${slash ? '/' : ''}`,
		]);
		const productUrls = [...listed].filter(
			(url) => new URL(url).pathname.includes('/products/') && !hubs.includes(url),
		);
		expect(productUrls.sort()).toEqual([...expectedUrls(slash).keys()].sort());
	});
});
