import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryFromRaw } from '../../integration/src/build-sync/stored-entry.js';
import { productsLoader } from '../../integration/src/entries/loaders.js';
import type { Product } from '../../integration/src/entries/schema.js';
import { sendJson, startServer, type TestServer } from '../helpers/http-server.js';
import { createLoaderContext } from '../helpers/loader-context.js';
import { validProduct } from '../helpers/products.js';

/**
 * Pages are validated and staged as they arrive; the store changes only once the whole sync is
 * in and the guards passed. A service whose catalogue and failures the test sets per build.
 */
const WEBSITE = '0b8f6a8e-5a0c-4d7e-9b1f-2c3d4e5f6a7b';
const fast = { retryBaseDelayMs: 5, retryMaxDelayMs: 20, retries: 0 } as const;

let catalogue: Product[] = [];
/** List positions whose page the service answers 500 for (pages overlap, so offsets are not multiples of the page size). */
let failing = new Set<number>();
let server: TestServer;

const product = (i: number, name = `Product ${i}`): Product => ({
	...validProduct(),
	id: `p${i}`,
	external_id: `SKU-${i}`,
	name,
});

beforeAll(async () => {
	server = await startServer((req, res) => {
		const url = new URL(req.url!, 'http://x');
		const limit = Number(url.searchParams.get('limit'));
		const offset = Number(url.searchParams.get('offset'));
		if ([...failing].some((position) => position >= offset && position < offset + limit))
			return sendJson(res, 500, { type: 'ERR_INTERNAL', message: 'down' });
		sendJson(res, 200, {
			limit,
			offset,
			count_item: catalogue.length,
			items: catalogue.slice(offset, offset + limit),
		});
	});
});
afterAll(() => server.close());

const loader = () =>
	productsLoader({
		baseUrl: server.url,
		websiteId: WEBSITE,
		locale: 'fr',
		pageSize: 10,
		conditional: false,
		...fast,
	});
const snapshot = (entries: Map<string, unknown>) =>
	JSON.parse(JSON.stringify([...entries])) as unknown;

describe('staged store (loader)', () => {
	it('writes nothing when a later page fails, not even the changed products of pages already received', async () => {
		catalogue = Array.from({ length: 30 }, (_, i) => product(i));
		failing = new Set();
		const t = createLoaderContext();
		await loader().load(t.context);
		const before = snapshot(t.entries);

		catalogue[0] = product(0, 'Renamed on the first page');
		failing = new Set([20]);
		const again = createLoaderContext(t);
		again.resetWrites();
		await expect(loader().load(again.context)).rejects.toThrow();
		expect(again.writes).toEqual([]);
		expect(snapshot(again.entries)).toEqual(before);
	});

	it('writes nothing when the shrink guard refuses the sync, not even the products that changed and passed', async () => {
		catalogue = Array.from({ length: 30 }, (_, i) => product(i));
		failing = new Set();
		const t = createLoaderContext();
		const skipping = () =>
			productsLoader({
				baseUrl: server.url,
				websiteId: WEBSITE,
				locale: 'fr',
				pageSize: 10,
				onInvalid: 'skip',
				...fast,
			});
		await skipping().load(t.context);
		const before = snapshot(t.entries);

		const broken = (i: number): Product => ({
			...product(i),
			reviews: [{ ...validProduct().reviews[0]!, rating: 9 }],
		});
		catalogue = catalogue.map((p, i) =>
			i === 0 ? product(0, 'Renamed while most of the catalogue broke') : i < 5 ? p : broken(i),
		);
		const again = createLoaderContext(t);
		again.resetWrites();
		await expect(skipping().load(again.context)).rejects.toThrow(
			/Only 5 products passed validation \(onInvalid: "skip"\) for locale fr, 30 at the last successful sync/,
		);
		expect(again.writes).toEqual([]);
		expect(snapshot(again.entries)).toEqual(before);
	});

	it('keeps every entry in list order however the pages arrive', async () => {
		catalogue = Array.from({ length: 95 }, (_, i) => product(i));
		failing = new Set();
		const t = createLoaderContext();
		await productsLoader({
			baseUrl: server.url,
			websiteId: WEBSITE,
			locale: 'fr',
			pageSize: 10,
			concurrency: 8,
			...fast,
		}).load(t.context);
		expect([...t.entries.keys()]).toEqual(catalogue.map((p) => p.external_id));
	});
});

describe('one validation per product', () => {
	it('hands Astro the products it validated as they are: the loader schema does not validate them again', async () => {
		const schema = loader().schema;
		const result = entryFromRaw(
			{ ...validProduct(), unknownField: 1 },
			{ endpoint: 'listProducts', locale: 'fr', entryId: (ref) => `fr/${ref}` },
		);
		if (!result.ok) throw result.error;
		expect(result.entry).toMatchObject({ id: 'fr/chair-oak-2', locale: 'fr' });
		const parsed = await schema.safeParseAsync(result.entry.data);
		expect(parsed.data).toBe(result.entry.data);
	});

	it('still validates, in full, anything it did not validate itself', async () => {
		const schema = loader().schema;
		const raw = { ...validProduct(), unknownField: 1 };
		const parsed = await schema.safeParseAsync(raw);
		expect(parsed.success).toBe(true);
		expect(parsed.data).not.toBe(raw);
		expect(parsed.data).not.toHaveProperty('unknownField');
		const broken = await schema.safeParseAsync({ ...validProduct(), reviews: 'none' });
		expect(broken.success).toBe(false);
	});

	it('names the ref, locale and field of an invalid product', () => {
		const result = entryFromRaw(
			{ ...validProduct(), reviews: [{ ...validProduct().reviews[0], rating: 9 }] },
			{ endpoint: 'listProducts', locale: 'en', entryId: (ref) => ref },
		);
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.error.ref).toBe('chair-oak-2');
		expect(result.error.locale).toBe('en');
		expect(result.error.paths).toEqual(['reviews[0].rating']);
	});
});
