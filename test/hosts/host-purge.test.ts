import { afterEach, describe, expect, it } from 'vitest';
import { CachePurgeError, HostPurgeError } from '../../integration/src/errors/errors.js';
import { purgeOnHost } from '../../integration/src/on-demand/cdn-purge/host-purge.js';
import {
	type HostPurgeConfig,
	type PurgeHost,
	purgeHostOf,
	tagBatches,
} from '../../integration/src/on-demand/cdn-purge/purge-hosts.js';

// The webhook's purges on each host, without the host: a cache (or Vercel's purge API) that records
// every call and how many were under way at once, each call taking a few milliseconds. The hosts'
// own boundaries are crossed in netlify-function.test.ts and vercel-function.test.ts.

const REFS = 1000;
const tags = [
	...Array.from({ length: REFS }, (_, index) => `aar-product-w-${index}`),
	'aar-lists-w',
];

/** One per-call recorder: the calls' tags, and the most calls in flight at once. */
function recorder(options: { fail?: (tags: string[]) => Error | undefined } = {}) {
	let inFlight = 0;
	const seen = { calls: [] as string[][], maxInFlight: 0 };
	const call = async (batch: string[]) => {
		inFlight++;
		seen.maxInFlight = Math.max(seen.maxInFlight, inFlight);
		seen.calls.push(batch);
		await new Promise((resolve) => setTimeout(resolve, 2));
		inFlight--;
		const error = options.fail?.(batch);
		if (error) throw error;
	};
	return { seen, call };
}

/** A cache provider as the adapters' are: one call per tag (Vercel's), or one per invalidate. */
function cacheOf(record: ReturnType<typeof recorder>, perTag: boolean) {
	return {
		invalidate: async ({ tags: batch = [] }: { tags?: string | string[] }) => {
			const list = [batch].flat();
			if (perTag) await Promise.all(list.map((tag) => record.call([tag])));
			else await record.call(list);
		},
	};
}

const REQUEST_CONTEXT = Symbol.for('@vercel/request-context');
const slot = globalThis as { [REQUEST_CONTEXT]?: unknown };
afterEach(() => {
	delete slot[REQUEST_CONTEXT];
	delete process.env.SITE_ID;
	delete process.env.NETLIFY_PURGE_API_TOKEN;
});

function vercelContext(record: ReturnType<typeof recorder>) {
	const api = {
		invalidateByTag: (batch: string | string[]) => record.call([batch].flat()),
		dangerouslyDeleteByTag: (batch: string | string[]) => record.call([batch].flat()),
	};
	slot[REQUEST_CONTEXT] = { get: () => ({ purge: api }) };
}

const HOSTS: Array<[PurgeHost, boolean, number, number]> = [
	// host, provider calls the API once per tag, calls expected, most in flight expected
	['netlify', false, 11, 4],
	['vercel', true, 1001, 10],
	['cloudflare', false, 11, 1],
	['varnish', false, 1, 1],
	['memory', false, 1, 1],
	['other', false, 101, 1],
];

describe('1,000 refs in bounded batches, every tag purged', () => {
	for (const [host, perTag, calls, inFlight] of HOSTS) {
		it(`${host}: ${calls} call(s), at most ${inFlight} in flight`, async () => {
			process.env.SITE_ID = 'site';
			process.env.NETLIFY_PURGE_API_TOKEN = 'token';
			const record = recorder();
			if (host === 'vercel') vercelContext(recorder());
			await purgeOnHost(cacheOf(record, perTag), tags, { host });
			expect(record.seen.calls.flat().sort()).toEqual([...tags].sort());
			expect(record.seen.calls).toHaveLength(calls);
			expect(record.seen.maxInFlight).toBe(inFlight);
			expect(record.seen.maxInFlight).toBeLessThanOrEqual(10);
		});
	}

	it("vercel with 'delete': dangerouslyDeleteByTag with lists of at most 100 tags, 4 at once", async () => {
		const api = recorder();
		vercelContext(api);
		const cache = recorder();
		await purgeOnHost(cacheOf(cache, true), tags, { host: 'vercel', vercel: 'delete' });
		expect(cache.seen.calls).toEqual([]);
		expect(api.seen.calls.flat().sort()).toEqual([...tags].sort());
		expect(api.seen.calls).toHaveLength(11);
		expect(Math.max(...api.seen.calls.map((call) => call.join(',').length))).toBeLessThan(8196);
		expect(api.seen.maxInFlight).toBe(4);
	});
});

describe('failures name the host', () => {
	it('Netlify without SITE_ID or its token: not sent, nothing called', async () => {
		const record = recorder();
		const error = await purgeOnHost(cacheOf(record, false), tags, { host: 'netlify' }).catch(
			(caught: unknown) => caught,
		);
		expect(error).toBeInstanceOf(HostPurgeError);
		expect(error).toMatchObject({ host: 'Netlify', reason: 'not_sent' });
		expect((error as Error).message).toContain('SITE_ID and NETLIFY_PURGE_API_TOKEN are not set');
		expect(record.seen.calls).toEqual([]);
	});

	it('Vercel with no purge API in the request context: not sent, in either mode', async () => {
		for (const vercel of ['invalidate', 'delete'] as const) {
			const record = recorder();
			const config: HostPurgeConfig = { host: 'vercel', vercel };
			await expect(purgeOnHost(cacheOf(record, true), tags, config)).rejects.toMatchObject({
				host: 'Vercel',
				reason: 'not_sent',
			});
			expect(record.seen.calls).toEqual([]);
		}
	});

	it('a refused batch: the others still go, and the error counts what was not purged', async () => {
		process.env.SITE_ID = 'site';
		process.env.NETLIFY_PURGE_API_TOKEN = 'token';
		const refused = new Error('Cache purge API call returned an unexpected status code: 429');
		const record = recorder({
			fail: (batch) => (batch.includes('aar-lists-w') ? refused : undefined),
		});
		const error = (await purgeOnHost(cacheOf(record, false), tags, { host: 'netlify' }).catch(
			(caught: unknown) => caught,
		)) as HostPurgeError;
		expect(record.seen.calls).toHaveLength(11);
		expect(error).toMatchObject({ host: 'Netlify', reason: 'refused' });
		expect(error.message).toContain('HTTP 429');
		expect(error.message).toContain('1 of 11 purge call(s) failed, 1 of 1001 tags not purged');
	});

	it("a shared cache's own error, naming its nodes, passes through whole", async () => {
		const nodes = new CachePurgeError([{ node: 'http://10.0.0.6:6081', reason: 'HTTP 403' }], 2);
		const record = recorder({ fail: () => nodes });
		await expect(purgeOnHost(cacheOf(record, false), tags, { host: 'varnish' })).rejects.toBe(
			nodes,
		);
	});
});

describe('the host, from the config', () => {
	it('knows each provider by its entrypoint, and an unknown one as other', () => {
		expect(purgeHostOf({ name: 'netlify', entrypoint: '@astrojs/netlify/cache/provider' })).toBe(
			'netlify',
		);
		expect(purgeHostOf({ name: 'vercel', entrypoint: '@astrojs/vercel/cache/provider' })).toBe(
			'vercel',
		);
		expect(purgeHostOf({ name: 'memory', entrypoint: 'astro/cache/memory' })).toBe('memory');
		expect(purgeHostOf({ entrypoint: 'astro-audio-reviews/cache/provider' })).toBe('varnish');
		expect(purgeHostOf({ name: 'mine', entrypoint: './my-provider.js' })).toBe('other');
		expect(purgeHostOf(undefined)).toBe('other');
	});

	it('cuts batches by count and by length, each tag once', () => {
		expect(tagBatches(['a', 'b', 'a', 'c'], { tagsPerCall: 2, callsInFlight: 1 })).toEqual([
			['a', 'b'],
			['c'],
		]);
		expect(tagBatches(['aaaa', 'bbbb', 'cccc'], { tagsPerCall: 10, callsInFlight: 1 }, 10)).toEqual(
			[['aaaa', 'bbbb'], ['cccc']],
		);
	});
});
