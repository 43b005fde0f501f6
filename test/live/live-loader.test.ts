import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
	NetworkError,
	NotFoundError,
	ProductValidationError,
	ServiceError,
} from 'astro-audio-reviews/client';
import { productTag, websiteTag } from 'astro-audio-reviews/live';
import { productsLiveLoader } from 'astro-audio-reviews/loaders';
import { type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_LOADS_IN_FLIGHT } from '../../integration/src/on-demand/live-loader/load-sharing.js';
import { liveLoaderSharing } from '../../integration/src/on-demand/live-loader/products-live-loader.js';
import { loadSharingPlugin } from '../../integration/src/virtual/virtual-modules.js';

let sim: Simulator;

beforeAll(async () => {
	sim = await startSimulator({ products: 40, seed: 5 });
});
afterAll(async () => {
	await sim?.close();
});

function loader(extra: Partial<Parameters<typeof productsLiveLoader>[0]> = {}) {
	return productsLiveLoader({
		baseUrl: sim.baseUrl,
		websiteId: sim.websiteId,
		retryBaseDelayMs: 5,
		retryMaxDelayMs: 20,
		...extra,
	});
}

describe('productsLiveLoader.loadEntry', () => {
	it('returns the validated product with per-product and per-website cache tags and Last-Modified', async () => {
		const ref = sim.refs()[3]!;
		const result = await loader({ locale: 'en' }).loadEntry({
			filter: { id: ref },
			collection: 'products',
		});
		if (!result || 'error' in result)
			throw new Error(`expected an entry, got ${JSON.stringify(result)}`);
		expect(result.id).toBe(ref);
		expect(result.data).toEqual(sim.getProduct(ref, { locale: 'en' }));
		expect(result.cacheHint?.tags).toEqual([
			websiteTag(sim.websiteId),
			productTag(sim.websiteId, ref),
		]);
		expect(result.cacheHint?.lastModified).toBeInstanceOf(Date);
	});

	it('treats ERR_DB_MISSING (sent with status 200) as no entry, so the page can 404', async () => {
		const result = await loader().loadEntry({
			filter: { ref: 'no-such-ref' },
			collection: 'products',
		});
		expect(result).toBeUndefined();
	});

	it('returns, never throws, a typed error when the service fails, and gives up within request-time bounds', async () => {
		await sim.setFaults({ outage: true });
		try {
			const result = await loader().loadEntry({
				filter: { ref: sim.refs()[0]! },
				collection: 'products',
			});
			// Its retries stop: the outage never ends, so answering at all (within the test's
			// timeout) is the bound; the error says how many attempts it made.
			expect(result && 'error' in result && result.error).toBeInstanceOf(ServiceError);
			expect((result as { error: ServiceError }).error.attempts).toBeGreaterThan(1);
		} finally {
			await sim.setFaults({ outage: false });
		}
		await sim.setFaults({ outage: 'refuse' });
		try {
			const result = await loader({ retries: 0 }).loadEntry({
				filter: { ref: sim.refs()[0]! },
				collection: 'products',
			});
			expect(result && 'error' in result && result.error).toBeInstanceOf(NetworkError);
		} finally {
			await sim.setFaults({ outage: false });
		}
	});

	it('returns a ProductValidationError naming the ref and field for a product that fails the schema', async () => {
		const ref = sim.refs().find((candidate) => sim.getProduct(candidate).reviews.length > 0)!;
		const sent = sim.getProduct(ref).reviews[0]!.id;
		sim.updateProduct(ref, (product) => {
			const audio = product.reviews.find((review) => review.id === sent)!;
			audio.rating = 9;
		});
		const result = await loader().loadEntry({ filter: { ref }, collection: 'products' });
		const error = result && 'error' in result ? result.error : undefined;
		expect(error).toBeInstanceOf(ProductValidationError);
		expect(error?.message).toContain(JSON.stringify(ref));
		expect(error?.message).toMatch(/reviews\[\d+\]\.rating/);
	});

	it('shares one upstream request among concurrent loads of the same product', async () => {
		const ref = sim.refs()[7]!;
		const live = loader();
		const before = sim.stats.byRef[ref] ?? 0;
		const results = await Promise.all(
			Array.from({ length: 6 }, () => live.loadEntry({ filter: { ref }, collection: 'products' })),
		);
		for (const result of results) expect(result && 'id' in result && result.id).toBe(ref);
		expect((sim.stats.byRef[ref] ?? 0) - before).toBe(1);
		await live.loadEntry({ filter: { ref }, collection: 'products' });
		expect((sim.stats.byRef[ref] ?? 0) - before).toBe(2);
	});

	it('shares nothing in flight behind cacheVarnish(), the choice given as data', async () => {
		const ref = sim.refs()[8]!;
		const live = liveLoaderSharing({ baseUrl: sim.baseUrl, websiteId: sim.websiteId }, false);
		const before = sim.stats.byRef[ref] ?? 0;
		await Promise.all(
			Array.from({ length: 3 }, () => live.loadEntry({ filter: { ref }, collection: 'products' })),
		);
		expect((sim.stats.byRef[ref] ?? 0) - before).toBe(3);
	});

	it('reads its load sharing from the module the integration serves behind cacheVarnish()', async () => {
		const served = loadSharingPlugin(false);
		const load = served.load as (id: string) => string | undefined;
		const module = fileURLToPath(
			new URL('../../integration/src/on-demand/live-loader/load-sharing.ts', import.meta.url),
		);
		expect(load(module)).toBe('export const SHARE_LOADS_IN_FLIGHT = false;');
		expect(load(`${module.replace(/\.ts$/, '.js')}?v=1`)).toBe(
			'export const SHARE_LOADS_IN_FLIGHT = false;',
		);
		expect(load(fileURLToPath(import.meta.url))).toBeUndefined();
		// The served module names the one export the loader imports; outside Vite it shares.
		expect(Object.keys(await import(module))).toEqual(['SHARE_LOADS_IN_FLIGHT']);
		expect(SHARE_LOADS_IN_FLIGHT).toBe(true);
	});
});

describe('productsLiveLoader.loadCollection', () => {
	it.each([
		{ locale: 'en', limit: 7, offset: 0 },
		{ locale: 'fr', withAudio: true, limit: 5, offset: 3 },
		{ locale: 'en', withAudio: true, published: true, limit: 50, offset: 0 },
		{ locale: 'fr', published: false, limit: 50, offset: 0 },
	])('passes the list filters to the service: %o', async (filter) => {
		const result = await loader().loadCollection({ filter, collection: 'products' });
		if ('error' in result) throw result.error;
		const { limit, offset, ...query } = filter;
		const expected = sim.listAll({ ...query, without: 'inactive' }).slice(offset, offset + limit);
		expect(result.entries.map((entry) => entry.id)).toEqual(
			expected.map((product) => product.external_id),
		);
		expect(result.entries.map((entry) => entry.data)).toEqual(expected);
		expect(result.cacheHint?.tags).toEqual([websiteTag(sim.websiteId)]);
		for (const entry of result.entries)
			expect(entry.cacheHint?.tags).toContain(productTag(sim.websiteId, entry.id));
	});

	it('returns, for a website the service does not know, an error that echoes the websiteId and says to check it', async () => {
		const websiteId = randomUUID();
		const result = await loader({ websiteId }).loadCollection({
			filter: {},
			collection: 'products',
		});
		const error = 'error' in result ? result.error : undefined;
		expect(error).toBeInstanceOf(NotFoundError);
		expect(error?.message).toContain(
			`Website not found: "Unknown website ${websiteId}"; the service knows no website "${websiteId}": check \`websiteId\``,
		);
		expect(error?.message).toContain('type ERR_DB_MISSING');
	});
});
