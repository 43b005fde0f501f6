import { type Browser, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import type { SimAudio } from '../../simulator/src/model.js';
import { type BuiltSite, buildFixture } from './build-fixture.js';
import { CHROMIUM, OFFLINE_CHROMIUM_FLAGS } from './chromium.js';
import { serveDist } from './seo-site.js';

/**
 * The injected pages inside the layouts of the CSS frameworks shops build with (CONTRACT.md,
 * "Inside a shop's site"), from the `frameworks` fixture: Tailwind CSS 4, Tailwind with
 * Typography's `prose` on `<main>`, Bootstrap 5.3, Pico 2, the plain layout of `shop-layout`,
 * and Tailwind with Astro's `<ClientRouter />`. One simulator and one loopback server for all.
 */
export const FRAMEWORKS = ['Tailwind', 'Prose', 'Bootstrap', 'Pico', 'Shop'] as const;
export type Framework = (typeof FRAMEWORKS)[number] | 'Router';
export const LOCALES = ['fr', 'en'] as const;
/** Refs of the catalogue's cases; the first locale's pages carry no prefix. */
export const REFS = { popular: 'popular-kettle', empty: 'empty-in-french', other: 'other-teapot' } as const;
/** The three page kinds judged: a product with more reviews than a page, one without reviews in French, the hub. */
export const PAGES = {
	popular: `/products/${REFS.popular}/`,
	empty: `/products/${REFS.empty}/`,
	hub: '/products/',
} as const;
export const WIDTHS = [390, 1280] as const;

export interface FrameworkSites {
	sim: Simulator;
	browser: Browser;
	build(framework: Framework): Promise<BuiltSite>;
	/** Serves a build on the loopback server; returns its origin. */
	serve(site: BuiltSite): string;
	/** Opens a path of a framework's build, only loopback answering (the audio's CDN does not exist). */
	open(site: BuiltSite, path: string, width: number, options?: { javaScript?: boolean }): Promise<Page>;
	close(): Promise<void>;
}

function transcript(locale: string, i: number): string {
	const sentence = `(${locale} ${i}) The kettle boils a litre in three minutes, the lid opens wide and the handle stays cool. `;
	return [1, 2, 3, 4].map((n) => `${sentence.repeat(3)}Paragraph ${n}.`).join('\n');
}

/** `count` long reviews of one product in one locale, some testimonies, every third author with a picture. */
function longReviews(ref: string, locale: string, count: number, media: string): SimAudio[] {
	return Array.from({ length: count }, (_, i) => ({
		id: `${ref}-${locale}-${i}`,
		type: i % 6 === 5 ? ('testimony' as const) : ('review' as const),
		rating: i % 6 === 5 ? undefined : 1 + (i % 9) / 2,
		label: i % 4 === 0 ? undefined : `Review ${i}: a kettle that does its job`,
		audio_url: `https://cdn.example.com/${locale}/${ref}-${i}.mp3`,
		is_active: true,
		is_default: i === 0,
		transcript: transcript(locale, i),
		created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
		user: {
			id: `u${i}`,
			firstname: 'Zoé',
			lastname: `Martin ${i}`,
			image_url: i % 3 === 0 ? `${media}/avatars/u${i}-${locale}.svg` : undefined,
		},
		locale,
		validated: true,
		awaitingValidation: false,
	}));
}

export async function startFrameworkSites(): Promise<FrameworkSites> {
	const sim = await startSimulator({ products: 3, locales: [...LOCALES], seed: 32, avatars: 'served' });
	const media = `${sim.baseUrl}/media`;
	sim.addProduct({
		external_id: REFS.popular,
		name: 'Bouilloire électrique en acier inoxydable',
		seo_description: 'Une bouilloire d’un litre et demi, écoutée par nos clients.',
		reviews: LOCALES.flatMap((locale) => longReviews(REFS.popular, locale, 24, media)),
	});
	sim.addProduct({
		external_id: REFS.empty,
		name: 'Théière en fonte',
		seo_description: 'Une théière en fonte émaillée de 80 cl.',
		reviews: longReviews(REFS.empty, 'en', 2, media),
	});
	sim.addProduct({
		external_id: REFS.other,
		name: 'Théière en verre',
		reviews: LOCALES.flatMap((locale) => longReviews(REFS.other, locale, 3, media)),
	});
	let served: BuiltSite | undefined;
	const server = await serveDist(() => served!.dist);
	const env = {
		AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
		AUDIO_REVIEWS_LOCALES: LOCALES.join(','),
		FIXTURE_SITE: server.origin,
	};
	const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...OFFLINE_CHROMIUM_FLAGS] });
	return {
		sim,
		browser,
		build: (framework) =>
			buildFixture('frameworks', {
				extends: ['basic', 'shop-layout'],
				label: `frameworks-${framework}`,
				env: { ...env, FIXTURE_FRAMEWORK: framework },
			}),
		serve(site) {
			served = site;
			return server.origin;
		},
		async open(site, path, width, options = {}) {
			served = site;
			const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: options.javaScript ?? true });
			const page = await context.newPage();
			page.once('close', () => void context.close());
			await page.route(
				(url) => !url.href.startsWith(server.origin) && !url.href.startsWith(sim.baseUrl),
				(route) => route.abort(),
			);
			const response = await page.goto(`${server.origin}${encodeURI(path)}`);
			expect(response?.status(), path).toBe(200);
			return page;
		},
		async close() {
			await browser.close();
			await server.close();
			await sim.close();
		},
	};
}
