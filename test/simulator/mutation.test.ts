import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { getJson, listUrl, singleUrl } from './helpers.js';

let sim: Simulator;

beforeAll(async () => {
	sim = await startSimulator({ products: 150, locales: ['fr', 'en'], seed: 17 });
});
afterAll(() => sim.close());

describe('runtime mutation', () => {
	it('patches top-level fields: visible in the next response, with a new ETag', async () => {
		const ref = sim.refs()[10]!;
		const before = await getJson(singleUrl(sim, ref));
		sim.updateProduct(ref, { name: 'Renamed <b>product</b>', seo_name: 'Renamed SEO' });
		const after = await getJson(singleUrl(sim, ref));
		expect(after.body.name).toBe('Renamed <b>product</b>');
		expect(after.body.seo_name).toBe('Renamed SEO');
		expect(after.body.id).toBe(before.body.id);
		expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
		expect(sim.getProduct(ref)).toEqual(after.body);
		// The list sees it too.
		const index = sim.refs().indexOf(ref);
		const page = await getJson(listUrl(sim, { offset: index, limit: 1 }));
		expect(page.body.items[0].name).toBe('Renamed <b>product</b>');
	});

	it('mutates the internal model through a function, and the list filters follow', async () => {
		const ref = sim.listAll({ locale: 'fr', withAudio: true, published: true })[0]!.external_id;
		const count = async (query: Record<string, string | boolean>) =>
			(await getJson(listUrl(sim, { limit: 1, locale: 'fr', ...query }))).body.count_item as number;
		const published = await count({ published: true });
		sim.updateProduct(ref, (product) => {
			for (const audio of product.reviews) if (audio.locale === 'fr') audio.is_active = false;
		});
		expect(await count({ published: true })).toBe(published - 1);
		expect(
			sim.listAll({ locale: 'fr', withAudio: true, published: false }).map((p) => p.external_id),
		).toContain(ref);
		const single = await getJson(singleUrl(sim, ref, { locale: 'fr' }));
		expect(single.body.reviews).toEqual([]);
		expect(single.body).not.toHaveProperty('audio_url');
	});

	it('adds a realistic product at the end of the catalogue and removes products', async () => {
		const total = sim.refs().length;
		const added = sim.addProduct();
		expect(added).toMatch(/^(SKU-\d{5,}|[a-z]+-[a-z]+-\d+)$/);
		expect(sim.refs().at(-1)).toBe(added);
		expect((await getJson(listUrl(sim, { limit: 1 }))).body.count_item).toBe(total + 1);
		expect((await getJson(singleUrl(sim, added))).body.external_id).toBe(added);

		const custom = sim.addProduct({ external_id: 'custom ref/1', name: 'Custom' });
		expect(custom).toBe('custom ref/1');
		expect((await getJson(singleUrl(sim, custom))).body.name).toBe('Custom');
		expect(() => sim.addProduct({ external_id: custom })).toThrow(/exists/);

		expect(sim.removeProduct(added)).toBe(true);
		expect(sim.removeProduct(custom)).toBe(true);
		expect(sim.removeProduct(custom)).toBe(false);
		const gone = await getJson(singleUrl(sim, added));
		expect(gone.status).toBe(200);
		expect(gone.body.type).toBe('ERR_DB_MISSING');
		expect((await getJson(listUrl(sim, { limit: 1 }))).body.count_item).toBe(total);
		expect(() => sim.updateProduct('ghost', { name: 'x' })).toThrow(/no product/);
		expect(() => sim.getProduct('ghost')).toThrow(/no product/);
	});

	it('re-keys a product whose external_id is patched', async () => {
		const ref = sim.refs()[20]!;
		sim.updateProduct(ref, { external_id: `${ref}-renamed` });
		expect((await getJson(singleUrl(sim, ref))).body.type).toBe('ERR_DB_MISSING');
		expect((await getJson(singleUrl(sim, `${ref}-renamed`))).body.external_id).toBe(
			`${ref}-renamed`,
		);
		expect(() => sim.updateProduct(`${ref}-renamed`, { external_id: sim.refs()[0]! })).toThrow(
			/exists/,
		);
		sim.updateProduct(`${ref}-renamed`, { external_id: ref });
		expect(sim.refs()[20]).toBe(ref);
	});

	it('getProduct and listAll return copies: mutating them changes nothing', async () => {
		const ref = sim
			.refs()
			.slice(30)
			.find((r) => sim.getProduct(r).reviews.length > 0)!;
		const reviews = sim.getProduct(ref).reviews.length;
		const copy = sim.getProduct(ref);
		copy.name = 'tampered';
		copy.reviews.length = 0;
		expect(sim.getProduct(ref).name).not.toBe('tampered');
		expect(sim.getProduct(ref).reviews).toHaveLength(reviews);
		const listed = sim.listAll({ locale: 'fr' }).find((p) => p.external_id === ref)!;
		listed.website.id = 'tampered';
		expect(sim.listAll({ locale: 'fr' }).find((p) => p.external_id === ref)!.website.id).toBe(
			sim.websiteId,
		);
		const model = sim.inspect(ref)!;
		const audio = model.reviews.length;
		model.reviews.length = 0;
		expect(sim.inspect(ref)!.reviews).toHaveLength(audio);
		expect(sim.getProduct(ref)).toEqual((await getJson(singleUrl(sim, ref))).body);
	});
});

describe('onRequest hook, stats and request log', () => {
	it('runs before each response, so a product inserted after the first page shows on the next', async () => {
		const s = await startSimulator({ products: 120, locales: ['fr'], seed: 23 });
		try {
			let added: string | undefined;
			s.onRequest((_req, info) => {
				if (info.endpoint === 'list' && s.stats.list === 2 && !added) added = s.addProduct();
			});
			const counts: number[] = [];
			const refs: string[] = [];
			for (let offset = 0; offset < 121; offset += 50) {
				const { body } = await getJson(listUrl(s, { offset, limit: 50 }));
				counts.push(body.count_item);
				refs.push(...body.items.map((p: { external_id: string }) => p.external_id));
			}
			expect(counts).toEqual([120, 121, 121]);
			expect(refs.at(-1)).toBe(added);
			s.onRequest(undefined);
		} finally {
			await s.close();
		}
	});

	it('awaits an async hook and passes the decoded ref', async () => {
		const s = await startSimulator({ products: 5, locales: ['fr'], seed: 1 });
		try {
			const seen: Array<string | undefined> = [];
			s.onRequest(async (_req, info) => {
				seen.push(info.ref);
				await new Promise((resolve) => setTimeout(resolve, 60));
			});
			const t = Date.now();
			await getJson(singleUrl(s, 'a b/c'));
			expect(Date.now() - t).toBeGreaterThanOrEqual(55);
			expect(seen).toEqual(['a b/c']);
		} finally {
			await s.close();
		}
	});

	it('counts requests by endpoint, status and ref, logs them, and resets', async () => {
		const s = await startSimulator({ products: 10, locales: ['fr'], seed: 3 });
		try {
			const ref = s.refs()[0]!;
			await getJson(listUrl(s));
			await getJson(listUrl(s, { limit: 'bad' }));
			await getJson(singleUrl(s, ref));
			await getJson(singleUrl(s, ref, { locale: 'fr' }));
			await getJson(singleUrl(s, 'café'));
			await getJson(`${s.baseUrl}/other`);
			expect(s.stats).toMatchObject({
				total: 6,
				list: 2,
				single: 3,
				notModified: 0,
				resets: 0,
				hangs: 0,
			});
			expect(s.stats.byStatus).toEqual({ 200: 4, 400: 1, 404: 1 });
			expect({ ...s.stats.byRef }).toEqual({ [ref]: 2, café: 1 });
			expect(s.requests).toHaveLength(6);
			expect(s.requests[1]).toMatchObject({
				method: 'GET',
				endpoint: 'list',
				status: 400,
				query: { limit: 'bad' },
			});
			expect(s.requests[4]).toMatchObject({
				endpoint: 'single',
				ref: 'café',
				status: 200,
				path: `/ws/websites/${s.websiteId}/products/caf%C3%A9`,
			});
			s.resetStats();
			expect(s.stats.total).toBe(0);
			expect(s.requests).toHaveLength(0);
		} finally {
			await s.close();
		}
	});
});
