import type { LoaderContext } from 'astro/loaders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevHub, devHub } from '../../integration/src/dev-loop/dev-hub.js';
import { LOADER_HOOK } from '../../integration/src/dev-loop/protocol.js';
import { productsLoader } from '../../integration/src/entries/loaders.js';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { createLoaderContext, type TestLoaderContext } from '../helpers/loader-context.js';

/** The loader in the dev server (Astro gives it the file watcher), against the simulator over HTTP. */
const fast = { retryBaseDelayMs: 5, retryMaxDelayMs: 20, retries: 1 } as const;
let sim: Simulator;

beforeAll(async () => {
	sim = await startSimulator({ products: 12, locales: ['fr'], seed: 43 });
});
afterAll(() => sim.close());

const options = (extra: Record<string, unknown> = {}) => ({
	baseUrl: sim.baseUrl,
	websiteId: sim.websiteId,
	locale: 'fr',
	...fast,
	...extra,
});
/**
 * As `astro dev` calls a loader: with a watcher, the integration (its loader hook, to which the
 * loader hands its status) in the config, and what `refreshContent` passes.
 */
function inDev(
	t: TestLoaderContext,
	request?: Record<string, unknown>,
	hub: DevHub = devHub(),
): LoaderContext {
	const integration = { name: 'astro-audio-reviews', hooks: { [LOADER_HOOK]: hub.hook } };
	return {
		...t.context,
		config: { ...t.context.config, integrations: [integration] } as LoaderContext['config'],
		watcher: {} as LoaderContext['watcher'],
		...(request ? { refreshContextData: { astroAudioReviews: request } } : {}),
	};
}
const warnings = (t: TestLoaderContext) =>
	t.logs.filter((line) => line.level === 'warn').map((line) => line.message);

describe('productsLoader() in astro dev', () => {
	it('serves the last known good store by default, dated by the latest refresh, and never rejects', async () => {
		const loader = productsLoader(options());
		const t = createLoaderContext();
		await loader.load(inDev(t));
		const ref = sim.refs()[0]!;
		// A refresh that changes nothing writes nothing (no reload in dev): this one changes the product.
		sim.updateProduct(ref, { seo_name: 'Refreshed in dev' });
		const refreshed = createLoaderContext(t);
		await loader.load(inDev(refreshed, { refs: [ref] }));
		const refreshedAt = JSON.parse(t.meta.get('aar:last-sync')!).refreshedAt as string;
		expect(refreshedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
		await sim.setFaults({ outage: true });
		try {
			const down = createLoaderContext(t);
			const hub = devHub();
			await expect(loader.load(inDev(down, undefined, hub))).resolves.toBeUndefined();
			const statuses = hub.statuses().map((status) => ({ ...status, ...status.sync }));
			expect(warnings(down).join('\n')).toContain(
				`serving collection "products" from the store synced at ${refreshedAt}`,
			);
			expect(statuses).toMatchObject([
				{ collection: 'products', outcome: 'last-known-good', since: refreshedAt },
			]);
			expect(down.entries.size).toBe(12);
		} finally {
			await sim.setFaults({ outage: false });
		}
	});

	it('in a build, the same outage still fails without lastKnownGood', async () => {
		const t = createLoaderContext();
		await productsLoader(options()).load(t.context);
		await sim.setFaults({ outage: true });
		try {
			await expect(productsLoader(options()).load(createLoaderContext(t).context)).rejects.toThrow(
				/HTTP 503/,
			);
		} finally {
			await sim.setFaults({ outage: false });
		}
	});
});
