import type { Simulator } from 'astro-audio-reviews/simulator';
import { parse } from 'node-html-parser';
import { expect } from 'vitest';
import type { ProductsLiveLoader } from '../../integration/src/on-demand/live-loader/products-live-loader.js';
import type { LiveSitemapConfig } from '../../integration/src/on-demand/sitemap-routes.js';
import { liveContent } from '../helpers/live-content.js';

/** A response read whole, for assertions on status, headers and body together. */
export interface Page {
	status: number;
	headers: Headers;
	body: string;
}

/** GET without following redirects. */
export async function get(base: string, path: string): Promise<Page> {
	const response = await fetch(`${base}${path}`, { redirect: 'manual' });
	return { status: response.status, headers: response.headers, body: await response.text() };
}

/** The URL of a product page of the on-demand fixture (`/products/[...ref]/`). */
export function productPath(ref: string): string {
	return `/products/${encodeURIComponent(ref)}/`;
}

export function titleOf(html: string): string | undefined {
	return parse(html).querySelector('title')?.text;
}

/** The `index`-th product past the pre-rendered top N: each test takes its own, so upstream counts stay independent. */
export function nthOnDemandRef(sim: Simulator, topN: number, index: number): string {
	const ref = sim.refs()[topN + index];
	if (ref === undefined) throw new Error(`catalogue too small for index ${index}`);
	return ref;
}

/** Requests the simulator received for one product (both endpoints). */
export function upstreamRequests(sim: Simulator, ref: string): number {
	return sim.stats.byRef[ref] ?? 0;
}

/** The page of an unknown ref, as the origin sends it and a shared cache must pass on: 404, cached briefly. */
export function expectNotFoundPage(page: Page): void {
	expect(page.status).toBe(404);
	expect(page.body).toContain('Product not found');
	expect(page.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
}

/** What the injected sitemap and hub routes of the on-demand fixture are configured with, for calling them in process (the live collection read by `loader`). */
export function listsConfig(
	websiteId: string,
	loader: ProductsLiveLoader,
	more: Partial<LiveSitemapConfig> = {},
): LiveSitemapConfig {
	return {
		collection: 'products',
		content: liveContent(loader),
		route: '/products/[ref]',
		trailingSlash: true,
		base: '/',
		defaultLocale: undefined,
		emptyProducts: 'noindex',
		hub: { pageSize: 48, order: 'name' },
		websiteId,
		path: '/sitemap-products',
		...more,
	};
}

/** The site the list routes are called for in the tests that call them directly, no server between. */
export const LISTS_SITE = 'https://shop.example.com';
/** `Astro.cache` where the route cache is off. */
export const NO_ROUTE_CACHE = { enabled: false } as never;
/** The context a sitemap file or hub page is called with: no route cache, the sitemap's URL. */
export const listsContext = {
	cache: NO_ROUTE_CACHE,
	site: new URL(LISTS_SITE),
	url: new URL(`${LISTS_SITE}/sitemap-products.xml`),
};
/** Loader options that fail at once: no retry, small pages. */
export const QUICK_LOADER = { retries: 0, timeoutMs: 3000, pageSize: 10 };
