import { type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { afterAll, beforeAll } from 'vitest';
import { docsSiteVcl } from '../../bench/live/nodes.mjs';
import { startVarnish, type Varnish, varnishMissing } from '../../bench/live/varnish.mjs';
import { buildFixture } from '../helpers/build-fixture.js';
import { manyReviews } from '../helpers/seo-site.js';
import { get, nthOnDemandRef, type Page, productPath, upstreamRequests } from '../live/pages.js';
import { freePort, type StandaloneServer, startStandalone } from '../live/standalone.js';

/**
 * What test/live/varnish-nodes.test.ts runs: one on-demand build with `cacheVarnish()`, two
 * server processes of it, and two Varnish nodes, each with a site VCL spreading requests over
 * both processes (round robin) and including the package's VCL, as docs/on-demand.md shows.
 */

export const PURGE_SECRET = 'purge-secret-0123456789abcdef';
export const WEBHOOK_SECRET = 'webhook-secret-0123456789abcdef';
/**
 * Seconds fresh, then seconds stale-while-revalidate: short, for the stale-page tests, yet long
 * enough that a busy machine never lets a page go stale within one of the other tests.
 */
export const MAX_AGE = 6;
export const SWR = 4;
export const BIG = 'BIG-5000';
export const BIG_REVIEWS = 5000;

export interface NodesSite {
	sim: Simulator;
	dist: string;
	env: Record<string, string>;
	processes: StandaloneServer[];
	nodes: Varnish[];
}

export const site = {} as NodesSite;

/** The docs' site VCL, plus one test-only line naming the process that rendered a page. */
export function siteVcl(origins: readonly string[]): string {
	return docsSiteVcl(
		origins,
		'sub vcl_backend_response {\n\tset beresp.http.x-rendered-by = beresp.backend.name;\n}\n',
	);
}

/** Builds once, starts the simulator, both processes and both nodes for a test file. */
export function useVarnishNodes(): void {
	beforeAll(async () => {
		// Fail, never skip: without varnishd nothing here would be tested.
		const missing = varnishMissing();
		if (missing) throw new Error(`test/live/varnish-nodes.test.ts needs Varnish: ${missing}`);
		site.sim = await startSimulator({ products: 30, seed: 38 });
		site.sim.addProduct({
			external_id: BIG,
			name: 'Big product',
			seo_name: 'Big product',
			reviews: manyReviews(BIG, 'en', BIG_REVIEWS),
		});
		const build = {
			AUDIO_REVIEWS_BASE_URL: site.sim.baseUrl,
			AUDIO_REVIEWS_WEBSITE_ID: site.sim.websiteId,
			FIXTURE_TOP_N: '1',
		};
		site.dist = (
			await buildFixture('on-demand', {
				env: {
					...build,
					FIXTURE_ROUTE_CACHE: 'varnish',
					FIXTURE_MAX_AGE: String(MAX_AGE),
					FIXTURE_SWR: String(SWR),
				},
				label: 'on-demand-varnish',
			})
		).dist;
		const ports = [await freePort(), await freePort()];
		site.env = {
			...build,
			AUDIO_REVIEWS_CACHE_NODES: ports.map((port) => `http://127.0.0.1:${port}`).join(','),
			AUDIO_REVIEWS_PURGE_SECRET: PURGE_SECRET,
			AUDIO_REVIEWS_WEBHOOK_SECRET: WEBHOOK_SECRET,
		};
		site.processes = await Promise.all([
			startStandalone(site.dist, site.env),
			startStandalone(site.dist, site.env),
		]);
		const vcl = siteVcl(site.processes.map((process) => process.url));
		site.nodes = await Promise.all(
			ports.map((port) =>
				startVarnish(site.processes[0]!.url, {
					vcl,
					port,
					env: { AUDIO_REVIEWS_PURGE_SECRET: PURGE_SECRET },
				}),
			),
		);
	}, 240_000);

	afterAll(async () => {
		await site.sim?.setFaults({ outage: false });
		await Promise.all((site.nodes ?? []).map((node) => node.close()));
		await Promise.all((site.processes ?? []).map((process) => process.close()));
		await site.sim?.close();
	});
}

export const refAt = (index: number) => nthOnDemandRef(site.sim, 1, index);
export const upstream = (ref: string) => upstreamRequests(site.sim, ref);
export const nodeUrls = () => site.nodes.map((node) => node.url);

/** `X-Varnish` holds this request's id, plus the id of the fetch that stored the object on a hit. */
export function hit(page: Page): boolean {
	return (page.headers.get('x-varnish') ?? '').trim().split(/\s+/).length === 2;
}

export const getRef = (base: string, ref: string) => get(base, productPath(ref));

/** Logs of every process and node, for failure messages. */
export function logs(): string {
	return [...site.processes.map((p) => p.log()), ...site.nodes.map((n) => n.log())].join('\n');
}

/** Calls the invalidation webhook of one process. */
export async function webhook(origin: string, body: unknown): Promise<Response> {
	return fetch(`${origin}/_audio-reviews/invalidate`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${WEBHOOK_SECRET}` },
		body: JSON.stringify(body),
	});
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
