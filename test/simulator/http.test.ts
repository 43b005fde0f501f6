import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { getJson, listUrl, singleUrl } from './helpers.js';

let sim: Simulator;

beforeAll(async () => {
	sim = await startSimulator({ products: 120, locales: ['fr', 'en'], seed: 9 });
});
afterAll(() => sim.close());

describe('HTTP behaviour', () => {
	it('sends CORS and JSON content type on data and on every kind of error', async () => {
		const urls = [
			listUrl(sim),
			singleUrl(sim, sim.refs()[0]!),
			singleUrl(sim, 'nope'),
			listUrl(sim, { limit: 'x' }),
			`${sim.baseUrl}/nowhere`,
		];
		const statuses: number[] = [];
		for (const url of urls) {
			const response = await fetch(url, { headers: { Origin: 'https://shop.example' } });
			await response.arrayBuffer();
			statuses.push(response.status);
			expect(response.headers.get('access-control-allow-origin')).toBe('*');
			expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
		}
		expect(statuses).toEqual([200, 200, 200, 400, 404]);
		const posted = await fetch(listUrl(sim), { method: 'POST', body: '{}' });
		expect(posted.status).toBe(405);
		expect(posted.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
		expect(posted.headers.get('access-control-allow-origin')).toBe('*');
		expect((await posted.json()).type).toBe('ERR_METHOD_NOT_ALLOWED');
	});

	it('answers a CORS preflight', async () => {
		const response = await fetch(listUrl(sim), {
			method: 'OPTIONS',
			headers: {
				Origin: 'https://shop.example',
				'Access-Control-Request-Method': 'GET',
				'Access-Control-Request-Headers': 'accept, if-none-match',
			},
		});
		expect(response.status).toBe(204);
		expect(response.headers.get('access-control-allow-origin')).toBe('*');
		expect(response.headers.get('access-control-allow-methods')).toContain('GET');
		expect(response.headers.get('access-control-allow-headers')).toBe('accept, if-none-match');
		expect(await response.text()).toBe('');
	});

	it('answers HEAD like GET without a body', async () => {
		const get = await fetch(singleUrl(sim, sim.refs()[1]!));
		const head = await fetch(singleUrl(sim, sim.refs()[1]!), { method: 'HEAD' });
		expect(head.status).toBe(200);
		expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
		expect(await head.text()).toBe('');
		await get.arrayBuffer();
	});

	it('404s paths outside the two endpoints, including a trailing slash and extra segments', async () => {
		for (const path of [
			'/',
			`/ws/websites/${sim.websiteId}`,
			`/ws/websites/${sim.websiteId}/products/`,
			`/ws/websites/${sim.websiteId}/products/a/b/c`,
			'/ws/websites//products',
		]) {
			const { status, body } = await getJson(`${sim.baseUrl}${path}`);
			expect(status, path).toBe(404);
			expect(body.type).toBe('ERR_NOT_FOUND');
		}
	});
});

describe('validators: ETag and Last-Modified', () => {
	it('gives a strong ETag per representation and answers If-None-Match with 304', async () => {
		const ref = sim.refs().find((r) => sim.getProduct(r, { locale: 'fr' }).reviews.length > 0)!;
		const first = await fetch(singleUrl(sim, ref, { locale: 'fr' }));
		const etag = first.headers.get('etag')!;
		await first.arrayBuffer();
		expect(etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
		const en = await fetch(singleUrl(sim, ref, { locale: 'en' }));
		expect(en.headers.get('etag')).not.toBe(etag);
		await en.arrayBuffer();

		sim.resetStats();
		const again = await fetch(singleUrl(sim, ref, { locale: 'fr' }), {
			headers: { 'If-None-Match': etag },
		});
		expect(again.status).toBe(304);
		expect(again.headers.get('etag')).toBe(etag);
		expect(again.headers.get('access-control-allow-origin')).toBe('*');
		expect(await again.text()).toBe('');
		const weak = await fetch(singleUrl(sim, ref, { locale: 'fr' }), {
			headers: { 'If-None-Match': `"other", W/${etag}` },
		});
		expect(weak.status).toBe(304);
		const stale = await fetch(singleUrl(sim, ref, { locale: 'fr' }), {
			headers: { 'If-None-Match': '"stale"' },
		});
		expect(stale.status).toBe(200);
		await stale.arrayBuffer();
		expect(sim.stats.notModified).toBe(2);
		expect(sim.stats.byStatus[304]).toBe(2);
	});

	it('answers If-Modified-Since with 304 until the product changes, and If-None-Match takes precedence', async () => {
		const ref = sim.refs()[3]!;
		const first = await fetch(singleUrl(sim, ref));
		const lastModified = first.headers.get('last-modified')!;
		const etag = first.headers.get('etag')!;
		await first.arrayBuffer();
		expect(new Date(lastModified).getTime()).toBe(
			Math.floor(sim.inspect(ref)!.updatedAt / 1000) * 1000,
		);

		expect(
			(await fetch(singleUrl(sim, ref), { headers: { 'If-Modified-Since': lastModified } })).status,
		).toBe(304);
		const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
		const older = await fetch(singleUrl(sim, ref), { headers: { 'If-Modified-Since': earlier } });
		expect(older.status).toBe(200);
		await older.arrayBuffer();
		// A non-matching If-None-Match wins over a matching If-Modified-Since.
		const both = await fetch(singleUrl(sim, ref), {
			headers: { 'If-Modified-Since': lastModified, 'If-None-Match': '"nope"' },
		});
		expect(both.status).toBe(200);
		await both.arrayBuffer();

		sim.updateProduct(ref, { seo_description: 'Changed for validators' });
		const changed = await fetch(singleUrl(sim, ref), {
			headers: { 'If-Modified-Since': lastModified },
		});
		expect(changed.status).toBe(200);
		expect(Date.parse(changed.headers.get('last-modified')!)).toBeGreaterThan(
			Date.parse(lastModified),
		);
		expect(changed.headers.get('etag')).not.toBe(etag);
		expect((await changed.json()).seo_description).toBe('Changed for validators');
		expect((await fetch(singleUrl(sim, ref), { headers: { 'If-None-Match': etag } })).status).toBe(
			200,
		);
	});

	it('dates a list page by its newest product, and by the last insertion or removal', async () => {
		const url = listUrl(sim, { limit: 10 });
		const first = await fetch(url);
		const page = (await first.json()) as { items: Array<{ external_id: string }> };
		const newest = Math.max(...page.items.map((p) => sim.inspect(p.external_id)!.updatedAt));
		expect(Date.parse(first.headers.get('last-modified')!)).toBe(Math.floor(newest / 1000) * 1000);
		const etag = first.headers.get('etag')!;
		const lastModified = first.headers.get('last-modified')!;
		expect((await fetch(url, { headers: { 'If-None-Match': etag } })).status).toBe(304);

		// A product added at the end changes count_item on page 1, though none of its items changed.
		const added = sim.addProduct();
		try {
			const after = await fetch(url, { headers: { 'If-Modified-Since': lastModified } });
			expect(after.status).toBe(200);
			expect(((await after.json()) as { count_item: number }).count_item).toBe(121);
			expect(after.headers.get('etag')).not.toBe(etag);
		} finally {
			sim.removeProduct(added);
		}
	});

	it('sends no validators and never 304 with conditional: false', async () => {
		const plain = await startSimulator({ products: 5, locales: ['fr'], conditional: false });
		try {
			const response = await fetch(listUrl(plain), {
				headers: { 'If-None-Match': '*', 'If-Modified-Since': new Date().toUTCString() },
			});
			expect(response.status).toBe(200);
			expect(response.headers.get('etag')).toBeNull();
			expect(response.headers.get('last-modified')).toBeNull();
			await response.arrayBuffer();
		} finally {
			await plain.close();
		}
	});
});
