import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { getJson, listUrl, singleUrl } from './helpers.js';

let sim: Simulator;

beforeAll(async () => {
	sim = await startSimulator({ products: 40, locales: ['fr', 'en'], seed: 23, control: true });
});
afterAll(() => sim.close());

/** A control request with a JSON body, as a test in another process sends it. */
function control(path: string, method = 'GET', body?: unknown) {
	const init: RequestInit = {
		method,
		...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
	};
	return getJson(`${sim.baseUrl}/__control${path}`, init);
}

describe('the control API over HTTP', () => {
	it('is off unless asked for: the path is an unknown endpoint of the service', async () => {
		const plain = await startSimulator({ products: 2 });
		try {
			const response = await getJson(`${plain.baseUrl}/__control/products`);
			expect(response.status).toBe(404);
			expect(response.body.type).toBe('ERR_NOT_FOUND');
			const removed = await getJson(`${plain.baseUrl}/__control/products/${plain.refs()[0]}`, {
				method: 'DELETE',
			});
			expect(removed.status).toBe(405);
			expect(plain.refs()).toHaveLength(2);
		} finally {
			await plain.close();
		}
	});

	it('lists its routes and the refs', async () => {
		const index = await control('');
		expect(index.status).toBe(200);
		expect(index.body.routes.join('\n')).toContain('PATCH  /__control/faults');
		expect((await control('/products')).body.refs).toEqual(sim.refs());
	});

	it('edits a product: the service sends the new fields with a new ETag', async () => {
		const ref = sim.refs()[3]!;
		const before = await getJson(singleUrl(sim, ref));
		const patched = await control(`/products/${encodeURIComponent(ref)}`, 'PATCH', {
			name: 'Edited over HTTP',
			seo_name: 'Edited SEO',
		});
		expect(patched.status).toBe(200);
		expect(patched.body).toMatchObject({ external_id: ref, name: 'Edited over HTTP' });
		const after = await getJson(singleUrl(sim, ref));
		expect(after.body.seo_name).toBe('Edited SEO');
		expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
	});

	it('adds a product with a rated review, filling the flags a test does not care about', async () => {
		const count = (await getJson(listUrl(sim, { limit: 1, locale: 'fr' }))).body
			.count_item as number;
		const review = {
			locale: 'fr',
			rating: 5,
			audio_url: 'https://cdn.example/a.mp3',
			transcript: 'Très bien',
		};
		const added = await control('/products', 'POST', {
			external_id: 'NEW/1',
			name: 'New one',
			reviews: [review],
		});
		expect(added.status).toBe(201);
		expect(added.body).toEqual({ ref: 'NEW/1' });
		expect((await getJson(listUrl(sim, { limit: 1, locale: 'fr' }))).body.count_item).toBe(
			count + 1,
		);
		const single = await getJson(singleUrl(sim, 'NEW/1', { locale: 'fr' }));
		expect(single.body.name).toBe('New one');
		expect(single.body.reviews).toEqual([
			expect.objectContaining({ rating: 5, transcript: 'Très bien', audio_url: review.audio_url }),
		]);
		const again = await control('/products', 'POST', { external_id: 'NEW/1' });
		expect(again.status).toBe(409);
		expect(again.body.error).toMatch(/"NEW\/1" exists/);
	});

	it('removes a product, and says so when the ref is unknown', async () => {
		const ref = sim.refs()[5]!;
		const removed = await control(`/products/${encodeURIComponent(ref)}`, 'DELETE');
		expect(removed.status).toBe(204);
		expect((await getJson(singleUrl(sim, ref))).body.type).toBe('ERR_DB_MISSING');
		const again = await control(`/products/${encodeURIComponent(ref)}`, 'DELETE');
		expect(again.status).toBe(404);
		expect(again.body.error).toBe(`no product ${JSON.stringify(ref)}`);
	});

	it('sets faults the service obeys while the control API keeps answering, and clears them', async () => {
		const set = await control('/faults', 'PATCH', { errorRate: 1, errorStatuses: [503] });
		expect(set.body).toMatchObject({ errorRate: 1, errorStatuses: [503] });
		expect((await getJson(listUrl(sim))).status).toBe(503);
		expect((await control('/faults')).status).toBe(200);
		await control('/faults', 'PATCH', { outage: true, errorRate: 0 });
		expect((await getJson(listUrl(sim))).body.type).toBe('ERR_DB_READ');
		const cleared = await control('/faults', 'DELETE');
		expect(cleared.body).toMatchObject({ errorRate: 0, outage: false });
		expect((await getJson(listUrl(sim))).status).toBe(200);
	});

	it('refuses what it cannot do with a message that says what to send', async () => {
		const cases: Array<[string, string, unknown, number, RegExp]> = [
			['/faults', 'PATCH', { outage: 'refuse' }, 400, /use outage: true/],
			['/faults', 'PATCH', { errorRate: 2 }, 400, /errorRate must be within 0\.\.1, got 2/],
			['/faults', 'PATCH', { eror_rate: 1 }, 400, /unknown fault "eror_rate"; faults: errorRate/],
			['/products', 'POST', { nmae: 'x' }, 400, /unknown product field "nmae"/],
			['/products', 'POST', { reviews: [{ rating: 4 }] }, 400, /reviews\[0\]\.locale is required/],
			['/products', 'POST', '{not json', 400, /body is not JSON/],
			['/products', 'POST', '[1]', 400, /body must be a JSON object/],
			['/products/nope', 'PATCH', { name: 'x' }, 404, /no product "nope"/],
			['/products', 'DELETE', undefined, 405, /DELETE not allowed here; use GET, POST/],
			['/nowhere', 'GET', undefined, 404, /GET \/__control lists them/],
		];
		for (const [path, method, body, status, message] of cases) {
			const response = await control(path, method, body);
			expect([path, method, response.status]).toEqual([path, method, status]);
			expect(response.body.error).toMatch(message);
		}
		expect(sim.faults.outage).toBe(false);
	});

	it('reports and resets the request counters without counting its own requests', async () => {
		await control('/stats', 'DELETE');
		await getJson(listUrl(sim));
		await getJson(singleUrl(sim, sim.refs()[0]!));
		const stats = await control('/stats');
		expect(stats.body).toMatchObject({ total: 2, list: 1, single: 1 });
		expect(sim.stats.total).toBe(2);
	});
});
