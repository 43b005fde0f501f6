import { type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { afterAll, beforeAll } from 'vitest';
import { startVarnish, type Varnish, varnishMissing } from '../../bench/live/varnish.mjs';
import { buildFixture } from '../helpers/build-fixture.js';
import { nthOnDemandRef, type Page, upstreamRequests } from '../live/pages.js';
import { type StandaloneServer, startStandalone } from '../live/standalone.js';

/**
 * What test/live/cdn.test.ts puts behind Varnish: the on-demand fixture built without Astro's
 * route cache, its origin server, the simulator it asks, and how to read what Varnish did.
 */

export const TOP_N = 1;

export let sim: Simulator;
export let origin: StandaloneServer;
export let cdn: Varnish;
export let env: Record<string, string>;
export let dist: string;

/** Builds the on-demand fixture without route cache, serves it and puts Varnish in front, for a test file's tests. */
export function useCdnSite(): void {
	beforeAll(async () => {
		// Fail, never skip: without varnishd nothing here would be tested.
		const missing = varnishMissing();
		if (missing) throw new Error(`test/live/cdn.test.ts needs Varnish: ${missing}`);
		sim = await startSimulator({ products: 16, seed: 7 });
		env = {
			AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
			AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
			FIXTURE_TOP_N: String(TOP_N),
		};
		dist = (
			await buildFixture('on-demand', {
				env: { ...env, FIXTURE_ROUTE_CACHE: '0' },
				label: 'on-demand-cdn',
			})
		).dist;
		origin = await startStandalone(dist, env);
		cdn = await startVarnish(origin.url);
	});

	afterAll(async () => {
		await sim?.setFaults({ outage: false });
		await cdn?.close();
		await origin?.close();
		await sim?.close();
	});
}

export const onDemandRef = (index: number) => nthOnDemandRef(sim, TOP_N, index);
export const upstreamFor = (ref: string) => upstreamRequests(sim, ref);

export function expectedTitle(ref: string): string {
	const product = sim.getProduct(ref, { locale: 'en' });
	return product.seo_name ?? product.name ?? product.external_id;
}

/** `X-Varnish` holds this request's id, plus the id of the fetch that stored the object on a hit. */
export function servedFromCache(page: Page): boolean {
	return (page.headers.get('x-varnish') ?? '').trim().split(/\s+/).length === 2;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
