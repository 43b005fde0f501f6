import { listsTag, productTag, websiteTag } from 'astro-audio-reviews/live';
import { describe, expect, it } from 'vitest';
import {
	invalidate,
	onDemandRef,
	SECRET,
	server,
	sim,
	site,
	upstreamFor,
	useOnDemandSite,
} from './on-demand-site.js';
import { get, productPath, titleOf } from './pages.js';
import { startStandalone } from './standalone.js';

// The invalidation webhook of an on-demand site: purges by tag, its secret, the bodies it refuses.
useOnDemandSite('on-demand-invalidation');

describe('invalidation webhook', () => {
	it('purges one product by tag: the next request renders the new content, other products stay cached', async () => {
		const changed = onDemandRef(3);
		const untouched = onDemandRef(4);
		const before = await get(server.url, productPath(changed));
		await get(server.url, productPath(untouched));
		expect(before.status).toBe(200);

		sim.updateProduct(changed, { seo_name: 'Renamed by the backoffice' });
		const stale = await get(server.url, productPath(changed));
		expect(stale.headers.get('x-astro-cache')).toBe('HIT');
		expect(titleOf(stale.body)).not.toBe('Renamed by the backoffice');

		const response = await invalidate({ ref: changed });
		expect(response.status).toBe(200);
		// The lists (on-demand sitemaps, hub pages) go too: a product's change may change them.
		expect(await response.json()).toEqual({
			ok: true,
			scope: 'products',
			refs: [changed],
			tags: [productTag(sim.websiteId, changed), listsTag(sim.websiteId)],
		});

		const upstream = upstreamFor(changed);
		const fresh = await get(server.url, productPath(changed));
		expect(fresh.headers.get('x-astro-cache')).toBe('MISS');
		expect(titleOf(fresh.body)).toBe('Renamed by the backoffice');
		expect(upstreamFor(changed)).toBe(upstream + 1);
		expect((await get(server.url, productPath(untouched))).headers.get('x-astro-cache')).toBe(
			'HIT',
		);
	});

	it('purges several refs, then the whole website with an empty body', async () => {
		const a = onDemandRef(5);
		const b = onDemandRef(6);
		await get(server.url, productPath(a));
		await get(server.url, productPath(b));
		const some = await invalidate({ refs: [a] });
		expect(some.status).toBe(200);
		expect((await get(server.url, productPath(a))).headers.get('x-astro-cache')).toBe('MISS');
		expect((await get(server.url, productPath(b))).headers.get('x-astro-cache')).toBe('HIT');

		const all = await invalidate(undefined);
		expect(all.status).toBe(200);
		expect(await all.json()).toEqual({
			ok: true,
			scope: 'website',
			tags: [websiteTag(sim.websiteId)],
		});
		expect((await get(server.url, productPath(a))).headers.get('x-astro-cache')).toBe('MISS');
		expect((await get(server.url, productPath(b))).headers.get('x-astro-cache')).toBe('MISS');
	});

	it('refuses calls without the right secret, bad bodies and other methods, and purges nothing then', async () => {
		const ref = onDemandRef(7);
		await get(server.url, productPath(ref));
		expect((await invalidate({ ref }, null)).status).toBe(401);
		expect((await invalidate({ ref }, `${SECRET}x`)).status).toBe(401);
		expect((await invalidate({ ref }, SECRET.slice(0, -1))).status).toBe(401);
		const viaHeader = await fetch(`${server.url}/_audio-reviews/invalidate`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'x-audio-reviews-secret': 'nope' },
			body: JSON.stringify({ ref }),
		});
		expect(viaHeader.status).toBe(401);
		const misnamed = await invalidate({ productRef: ref });
		expect(misnamed.status).toBe(400);
		expect(((await misnamed.json()) as { message: string }).message).toContain('productRef');
		expect((await invalidate({ refs: 'not-an-array' })).status).toBe(400);
		expect((await fetch(`${server.url}/_audio-reviews/invalidate`)).status).toBe(405);
		expect((await get(server.url, productPath(ref))).headers.get('x-astro-cache')).toBe('HIT');
	});
});

describe('invalidation webhook without a configured secret', () => {
	it.each([
		['unset', undefined],
		['too short', 'short-secret'],
	])('refuses every call when the secret is %s (fails closed)', async (_label, value) => {
		const unconfigured = await startStandalone(site.dist, {
			AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
			AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
			AUDIO_REVIEWS_WEBHOOK_SECRET: value,
		});
		try {
			const response = await invalidate({}, value ?? '', unconfigured.url);
			expect(response.status).toBe(503);
			expect(((await response.json()) as { error: string }).error).toBe('not_configured');
		} finally {
			await unconfigured.close();
		}
	});
});
