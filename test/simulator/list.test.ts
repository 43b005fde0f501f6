import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimProduct } from '../../simulator/src/index.js';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { expectedMatch, getJson, internalModels, listUrl, specProblems } from './helpers.js';

let sim: Simulator;
/** One request holds the whole catalogue, for the filter table. */
let wide: Simulator;
let wideModels: SimProduct[];

beforeAll(async () => {
	sim = await startSimulator({ products: 240, locales: ['fr', 'en'], seed: 5 });
	wide = await startSimulator({
		products: 1_000,
		locales: ['fr', 'en', 'de'],
		seed: 77,
		maxLimit: 5_000,
	});
	wideModels = internalModels(wide);
});
afterAll(async () => {
	await sim.close();
	await wide.close();
});

describe('list endpoint: paging', () => {
	it('defaults to limit 50, offset 0, locale fr', async () => {
		const { status, body } = await getJson(listUrl(sim));
		expect(status).toBe(200);
		expect(body.limit).toBe(50);
		expect(body.offset).toBe(0);
		expect(body.count_item).toBe(240);
		expect(body.items).toHaveLength(50);
		expect(body.items.map((p: { external_id: string }) => p.external_id)).toEqual(
			sim.refs().slice(0, 50),
		);
		expect(body.items).toEqual(sim.listAll({ locale: 'fr' }).slice(0, 50));
	});

	it.each([
		[0, 50],
		[-5, 50],
		[7, 7],
		[100, 100],
		[101, 100],
		[1_000, 100],
		['99999999999999999999', 100],
	])('limit=%s is applied and echoed as %i', async (limit, applied) => {
		const { status, body } = await getJson(listUrl(sim, { limit }));
		expect(status).toBe(200);
		expect(body.limit).toBe(applied);
		expect(body.items).toHaveLength(applied);
	});

	it('honours a custom cap, which also caps the default', async () => {
		const small = await startSimulator({ products: 30, locales: ['fr'], seed: 2, maxLimit: 20 });
		try {
			expect((await getJson(listUrl(small))).body).toMatchObject({ limit: 20, count_item: 30 });
			expect((await getJson(listUrl(small, { limit: 15 }))).body.limit).toBe(15);
			expect((await getJson(listUrl(small, { limit: 25, offset: 20 }))).body).toMatchObject({
				limit: 20,
				offset: 20,
				count_item: 30,
			});
		} finally {
			await small.close();
		}
	});

	it('reports the same count_item on every page and the pages add up to the whole catalogue', async () => {
		const seen: string[] = [];
		const counts = new Set<number>();
		for (let offset = 0; offset < 240; offset += 70) {
			const { body } = await getJson(
				listUrl(sim, { limit: 70, offset, locale: 'en', without: 'inactive' }),
			);
			expect(body.offset).toBe(offset);
			counts.add(body.count_item);
			seen.push(...body.items.map((p: { external_id: string }) => p.external_id));
		}
		expect([...counts]).toEqual([240]);
		expect(seen).toEqual(sim.refs());
		const past = await getJson(listUrl(sim, { offset: 240 }));
		expect(past.body).toEqual({ limit: 50, offset: 240, count_item: 240, items: [] });
		const last = await getJson(listUrl(sim, { offset: 230 }));
		expect(last.body.items).toHaveLength(10);
	});

	it('sends schema-valid products only, with internal fields stripped', async () => {
		const { body, text } = await getJson(listUrl(sim, { limit: 100, locale: 'en' }));
		for (const product of body.items) expect(specProblems(product)).toEqual([]);
		expect(text).not.toMatch(/"(locale|validated|awaitingValidation|updatedAt|variants)"/);
	});
});

describe('list endpoint: filters (withAudio × published table)', () => {
	const combos: Array<[boolean | undefined, boolean | undefined]> = [
		[undefined, undefined],
		[true, undefined],
		[true, true],
		[true, false],
		[false, undefined],
		[false, true],
		[false, false],
		[undefined, true],
		[undefined, false],
	];
	for (const locale of ['fr', 'en', 'de', 'es']) {
		it.each(combos)(
			`locale=${locale} withAudio=%s published=%s matches an independent computation`,
			async (withAudio, published) => {
				const query: Record<string, string | number | boolean> = { limit: 5_000, locale };
				if (withAudio !== undefined) query.withAudio = withAudio;
				if (published !== undefined) query.published = published;
				const { status, body } = await getJson(listUrl(wide, query));
				expect(status).toBe(200);
				const expected = wideModels
					.filter((p) => expectedMatch(p, locale, withAudio, published))
					.map((p) => p.external_id);
				expect(body.count_item).toBe(expected.length);
				expect(body.items.map((p: { external_id: string }) => p.external_id)).toEqual(expected);
				const truth = wide.listAll({
					locale,
					...(withAudio === undefined ? {} : { withAudio }),
					...(published === undefined ? {} : { published }),
				});
				expect(body.items).toEqual(truth);
			},
		);
	}

	it('the table rows are non-trivial: each interesting set is non-empty and they partition as the spec says', async () => {
		const count = async (query: Record<string, string | number | boolean>) =>
			(await getJson(listUrl(wide, { limit: 1, ...query }))).body.count_item as number;
		const all = await count({});
		const withAudio = await count({ withAudio: true });
		const published = await count({ withAudio: true, published: true });
		const unpublished = await count({ withAudio: true, published: false });
		const without = await count({ withAudio: false });
		expect(all).toBe(1_000);
		expect(withAudio + without).toBe(all);
		expect(published + unpublished).toBe(withAudio);
		expect(unpublished).toBeGreaterThan(0);
		expect(without).toBeGreaterThan(0);
		// published=false alone also holds the products with no audio at all.
		const noAudioAtAll = wideModels.filter((p) => p.reviews.length === 0).length;
		expect(noAudioAtAll).toBeGreaterThan(0);
		expect(await count({ published: false })).toBe(unpublished + without);
		expect(await count({ withAudio: false, published: true })).toBe(0);
		// Spanish has no audio in this catalogue: everything lacks audio in it.
		expect(await count({ locale: 'es', withAudio: true })).toBe(0);
		expect(await count({ locale: 'es', withAudio: false })).toBe(1_000);
	});

	it('filters reviews to the requested locale, inactive ones included unless without=inactive', async () => {
		const models = new Map(wideModels.map((p) => [p.external_id, p]));
		for (const without of [undefined, 'inactive'] as const) {
			const { body } = await getJson(
				listUrl(wide, { limit: 5_000, locale: 'en', ...(without ? { without } : {}) }),
			);
			let inactiveSeen = 0;
			for (const product of body.items) {
				const model = models.get(product.external_id)!;
				const expected = model.reviews
					.filter(
						(a) =>
							a.locale === 'en' &&
							a.validated &&
							!a.awaitingValidation &&
							(without !== 'inactive' || a.is_active),
					)
					.map((a) => a.id);
				expect(product.reviews.map((r: { id: string }) => r.id)).toEqual(expected);
				inactiveSeen += product.reviews.filter((r: { is_active: boolean }) => !r.is_active).length;
			}
			if (without === 'inactive') expect(inactiveSeen).toBe(0);
			else expect(inactiveSeen).toBeGreaterThan(10);
		}
	});
});

describe('list endpoint: errors', () => {
	it.each([
		['limit', 'abc'],
		['limit', '1.5'],
		['limit', ''],
		['offset', '-1'],
		['offset', 'x'],
		['offset', '2.0'],
		['withAudio', 'yes'],
		['withAudio', '1'],
		['published', 'TRUE'],
		['without', 'active'],
		['without', ''],
		['locale', 'fr_FR'],
		['locale', ''],
		['locale', '<script>'],
	])('%s=%j gives 400 ERR_INPUT_VALIDATION', async (name, value) => {
		const url = `${listUrl(sim)}?${name}=${encodeURIComponent(value)}`;
		const { status, body, headers } = await getJson(url);
		expect(status).toBe(400);
		expect(body.type).toBe('ERR_INPUT_VALIDATION');
		expect(typeof body.message).toBe('string');
		expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
	});

	it('accepts BCP-47 locales with regions and ignores unknown parameters', async () => {
		const { status, body } = await getJson(listUrl(sim, { locale: 'fr-CA', foo: 'bar', limit: 1 }));
		expect(status).toBe(200);
		expect(body.count_item).toBe(240);
		expect(body.items[0].reviews).toEqual([]);
	});

	it('answers an unknown website with status 200 and ERR_DB_MISSING', async () => {
		const { status, body } = await getJson(
			listUrl(sim, {}, '00000000-0000-4000-8000-000000000000'),
		);
		expect(status).toBe(200);
		expect(body.type).toBe('ERR_DB_MISSING');
		expect(body).not.toHaveProperty('items');
	});

	it('matches the website id case-insensitively, as UUIDs compare', async () => {
		const { body } = await getJson(listUrl(sim, { limit: 1 }, sim.websiteId.toUpperCase()));
		expect(body.count_item).toBe(240);
	});
});
