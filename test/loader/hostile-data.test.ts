import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productsLoader } from '../../integration/src/entries/loaders.js';
import { createLoaderContext } from '../helpers/loader-context.js';
import {
	nestedJson,
	RAW_WEBSITE_ID,
	type RawCatalogue,
	rawProduct,
	startRawCatalogue,
	withRawConfig,
} from '../helpers/raw-catalogue.js';

const OTHER_WEBSITE = '9d2c4e6a-1111-4b8e-9a51-0d3f4c2b1a10';

let service: RawCatalogue;
beforeAll(async () => {
	service = await startRawCatalogue([
		rawProduct('plain-1'),
		withRawConfig('deep-config', nestedJson(5_000)),
		withRawConfig('proto-config', '{"theme":"dark","__proto__":{"polluted":true}}', true),
		withRawConfig(
			'huge-config',
			JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`key${i}`, i]))),
		),
		rawProduct('bad-date', (product) => {
			(product.reviews as Array<Record<string, unknown>>)[0]!.created_at = '1';
		}),
		rawProduct('controls', (product) => {
			product.name = 'Oak\u0000 chair\u0007';
			const review = (product.reviews as Array<Record<string, unknown>>)[0]!;
			review.label = '\u001b[31mGreat\u001b[0m chair';
			review.transcript = 'Line one\r\nline\u0001 two\ttabbed\u009b';
		}),
		rawProduct('foreign', (product) => {
			product.website = { id: OTHER_WEBSITE, name: 'Another shop' };
		}),
	]);
});
afterAll(() => service.close());

const options = (extra: Record<string, unknown> = {}) => ({
	baseUrl: service.url,
	websiteId: RAW_WEBSITE_ID,
	locale: 'fr',
	retries: 0,
	...extra,
});
const listEndpoint = 'endpoint GET /ws/websites/{websiteId}/products';

describe('hostile product data (raw JSON over HTTP)', () => {
	it('names the ref and field path of a config nested 5,000 levels deep, of one with 20,000 values and of a __proto__ key, instead of crashing', async () => {
		const t = createLoaderContext();
		const error = (await productsLoader(options())
			.load(t.context)
			.catch((e: unknown) => e)) as Error;
		expect(error.message).toMatch(
			/^4 products failed validation\. First: Invalid product: config\.a\.a\.a\.a\.a\.a\.a\.…/,
		);
		const logged = t.logs.filter((line) => line.level === 'error').map((line) => line.message);
		expect(logged).toContain(
			`Invalid product: config.a.a.a.a.a.a.a.…: Expected JSON nested at most 64 levels deep (product ref "deep-config", locale fr, ${listEndpoint})`,
		);
		expect(logged).toContain(
			`Invalid product: experiment.variations[0].config.__proto__: Expected no "__proto__" key: it cannot be stored (JavaScript reads it as the object's prototype) (product ref "proto-config", locale fr, ${listEndpoint})`,
		);
		expect(logged).toContain(
			`Invalid product: config: Expected free-form JSON of at most 10,000 values (product ref "huge-config", locale fr, ${listEndpoint})`,
		);
		expect(logged).toContain(
			`Invalid product: reviews[0].created_at: Expected an ISO 8601 date-time such as "2026-03-01T10:00:00Z" (sent "1") (product ref "bad-date", locale fr, ${listEndpoint})`,
		);
	});

	it('with onInvalid "skip", builds the rest: control characters stripped from text, a foreign website named', async () => {
		const t = createLoaderContext();
		await productsLoader(options({ onInvalid: 'skip' })).load(t.context);
		expect([...t.entries.keys()].sort()).toEqual(['controls', 'foreign', 'plain-1']);
		const data = t.entries.get('controls')!.data as {
			name: string;
			reviews: Array<{ label: string; transcript: string }>;
		};
		expect(data.name).toBe('Oak chair');
		expect(data.reviews[0]!.label).toBe('[31mGreat[0m chair');
		expect(data.reviews[0]!.transcript).toBe('Line one\r\nline two\ttabbed');
		const warnings = t.logs.filter((line) => line.level === 'warn').map((line) => line.message);
		expect(warnings).toContain(
			`1 product belongs to another website than the configured websiteId ${RAW_WEBSITE_ID}: "foreign" (website.id "${OTHER_WEBSITE}"). ` +
				"They were built anyway; check that `websiteId` is this shop's, or ask the service why it returns products of another website",
		);
		expect(warnings.filter((line) => line.startsWith('Skipped: '))).toHaveLength(4);
	});

	it('refuses the same deep config through the single-product endpoint (`refs`), naming the ref', async () => {
		const t = createLoaderContext();
		const error = (await productsLoader(options({ refs: ['deep-config'] }))
			.load(t.context)
			.catch((e: unknown) => e)) as Error;
		expect(error.message).toContain(
			'config.a.a.a.a.a.a.a.…: Expected JSON nested at most 64 levels deep (product ref "deep-config", locale fr, endpoint GET /ws/websites/{websiteId}/products/{productRef})',
		);
	});
});
