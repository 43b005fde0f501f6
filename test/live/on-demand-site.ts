import { type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { afterAll, beforeAll } from 'vitest';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';
import { nthOnDemandRef, upstreamRequests } from './pages.js';
import { type StandaloneServer, startStandalone } from './standalone.js';

/** What test/live/on-demand-*.test.ts share: the on-demand fixture, hybrid (the first products pre-rendered), served with the webhook's secret. */

export const SECRET = 'test-webhook-secret-0123456789';
export const TOP_N = 3;

export let sim: Simulator;
export let site: BuiltSite;
/** Default policy: 300 s fresh, 3600 s stale-while-revalidate. */
export let server: StandaloneServer;

/** Builds the fixture against a fresh simulator of 24 products and serves it for a test file's tests; `label` names the build's folder, one per file. */
export function useOnDemandSite(label: string): void {
	beforeAll(async () => {
		sim = await startSimulator({ products: 24, seed: 11 });
		const env = {
			AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
			AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
			FIXTURE_TOP_N: String(TOP_N),
		};
		site = await buildFixture('on-demand', { env, label });
		server = await startStandalone(site.dist, { ...env, AUDIO_REVIEWS_WEBHOOK_SECRET: SECRET });
	});
	afterAll(async () => {
		await server?.close();
		await sim?.close();
	});
}

export const onDemandRef = (index: number) => nthOnDemandRef(sim, TOP_N, index);
export const upstreamFor = (ref: string) => upstreamRequests(sim, ref);

/** `secret: null` sends no credentials at all. */
export async function invalidate(
	body: unknown,
	secret: string | null = SECRET,
	base = server.url,
): Promise<Response> {
	return fetch(`${base}/_audio-reviews/invalidate`, {
		method: 'POST',
		headers: {
			'content-type': 'application/json',
			...(secret === null ? {} : { authorization: `Bearer ${secret}` }),
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
}
