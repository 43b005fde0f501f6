import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { type BuiltSite, buildFixture } from './build-fixture.js';
import { abortOthers, closeBrowser, launchBrowser, unlessClosed } from './chromium.js';
import { addFrameworkCatalogue, LOCALES } from './framework-catalogue.js';

export { LOCALES, PAGES, REFS } from './framework-catalogue.js';

import { serveDist } from './seo-site.js';

/**
 * The injected pages inside the layouts of the CSS frameworks shops build with (CONTRACT.md,
 * "Inside a shop's site"), from the `frameworks` fixture: Tailwind CSS 4, Tailwind with
 * Typography's `prose` on `<main>`, Bootstrap 5.3, Pico 2, the plain layout of `shop-layout`,
 * and Tailwind with Astro's `<ClientRouter />`. One simulator and one loopback server for all.
 */
export const FRAMEWORKS = ['Tailwind', 'Prose', 'Bootstrap', 'Pico', 'Shop'] as const;
export type Framework = (typeof FRAMEWORKS)[number] | 'Router';
export const WIDTHS = [390, 1280] as const;

export interface FrameworkSites {
	sim: Simulator;
	browser: Browser;
	/** The framework's build, once: a second call returns the first's. */
	build(framework: Framework): Promise<BuiltSite>;
	/** Serves a build on the loopback server; returns its origin. */
	serve(site: BuiltSite): string;
	/** Opens a path of a framework's build, only loopback answering (the audio's CDN does not exist). */
	open(
		site: BuiltSite,
		path: string,
		width: number,
		options?: { javaScript?: boolean },
	): Promise<Page>;
	/**
	 * Opens a path of a framework's build in the tab kept for that build and width (a context of
	 * its own, made on first use, closed after each test by `closePages`): each call loads a new
	 * document there, so pages judged one after another cost a load each, not a new context.
	 * The caller leaves the page open.
	 */
	visit(site: BuiltSite, path: string, width: number): Promise<Page>;
	close(): Promise<void>;
}

export async function startFrameworkSites(): Promise<FrameworkSites> {
	const sim = await startSimulator({
		products: 3,
		locales: [...LOCALES],
		seed: 32,
		avatars: 'served',
	});
	addFrameworkCatalogue(sim);
	let served: BuiltSite | undefined;
	const server = await serveDist(() => served!.dist);
	const env = {
		AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
		AUDIO_REVIEWS_LOCALES: LOCALES.join(','),
		FIXTURE_SITE: server.origin,
	};
	const browser = await launchBrowser();
	// One build a framework: the tests that judge its pages share it.
	const builds = new Map<Framework, Promise<BuiltSite>>();
	const tabs = new Map<string, Page>();
	const goto = async (page: Page, path: string) => {
		const response = await page.goto(`${server.origin}${encodeURI(path)}`);
		expect(response?.status(), path).toBe(200);
		return page;
	};
	const newTab = async (width: number, javaScript: boolean) => {
		const context = await browser.newContext({
			viewport: { width, height: 900 },
			javaScriptEnabled: javaScript,
		});
		const page = await context.newPage();
		await abortOthers(
			page,
			(url) => url.href.startsWith(server.origin) || url.href.startsWith(sim.baseUrl),
		);
		return page;
	};
	return {
		sim,
		browser,
		build(framework) {
			const build =
				builds.get(framework) ??
				buildFixture('frameworks', {
					extends: ['basic', 'shop-layout'],
					label: `frameworks-${framework}`,
					env: { ...env, FIXTURE_FRAMEWORK: framework },
				});
			builds.set(framework, build);
			return build;
		},
		serve(site) {
			served = site;
			return server.origin;
		},
		async open(site, path, width, options = {}) {
			served = site;
			const page = await newTab(width, options.javaScript ?? true);
			// Closed with its page, or after the test (closePages) when the test stopped before.
			page.once('close', () => void unlessClosed(page.context().close()));
			return goto(page, path);
		},
		async visit(site, path, width) {
			served = site;
			const key = JSON.stringify([site.dist, width]);
			let page = tabs.get(key);
			if (!page || page.isClosed()) {
				page = await newTab(width, true);
				tabs.set(key, page);
			}
			return goto(page, path);
		},
		async close() {
			await closeBrowser(browser);
			await server.close();
			await sim.close();
		},
	};
}
