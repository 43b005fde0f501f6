import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from '../helpers/build-fixture.js';
import {
	nestedJson,
	RAW_WEBSITE_ID,
	type RawCatalogue,
	rawProduct,
	startRawCatalogue,
	withRawConfig,
} from '../helpers/raw-catalogue.js';

/**
 * Real `astro build`s against a service whose product JSON is hostile: what reaches Astro's
 * content store (hashed and serialised recursively) and the HTML.
 */
let service: RawCatalogue;
beforeAll(async () => {
	service = await startRawCatalogue([
		rawProduct('plain-1'),
		withRawConfig('deep-config', nestedJson(5_000)),
		withRawConfig('proto-config', '{"theme":"dark","__proto__":{"polluted":true}}', true),
		rawProduct('controls', (product) => {
			product.name = 'Oak\u0000 chair\u0007';
			product.seo_name = 'Oak\u001b[2J chair';
			const review = (product.reviews as Array<Record<string, unknown>>)[0]!;
			review.label = '\u0008Great chair';
			review.transcript = 'Line one\nline\u0001 two\u000c';
			review.user = { id: 'u1', firstname: 'An\u0000a' };
		}),
	]);
});
afterAll(() => service.close());

const env = (extra: Record<string, string> = {}) => ({
	AUDIO_REVIEWS_BASE_URL: service.url,
	AUDIO_REVIEWS_WEBSITE_ID: RAW_WEBSITE_ID,
	AUDIO_REVIEWS_LOCALES: 'fr',
	FIXTURE_RETRIES: '0',
	...extra,
});
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

describe('astro build with hostile product data', () => {
	it('skips a 5,000-level config and a __proto__ key by ref and field (onInvalid "skip"), and writes no control character into the HTML', async () => {
		const site = await buildFixture('basic', {
			env: env({ FIXTURE_ON_INVALID: 'skip' }),
			label: 'hostile-data',
		});
		const output = site.output;
		expect(output).toContain(
			'Skipped: Invalid product: config.a.a.a.a.a.a.a.…: Expected JSON nested at most 64 levels deep (product ref "deep-config", locale fr',
		);
		expect(output).toContain(
			'Skipped: Invalid product: experiment.variations[0].config.__proto__: Expected no "__proto__" key',
		);
		expect(output).not.toContain('Maximum call stack size exceeded');
		expect(
			(await site.htmlFiles())
				.filter((file) => file.startsWith('/products/') && file !== '/products/index.html')
				.sort(),
		).toEqual(['/products/controls/index.html', '/products/plain-1/index.html']);

		const html = await site.read('products/controls/index.html');
		expect(html).not.toMatch(CONTROL);
		const page = parse(html);
		expect(page.querySelector('title')!.text).toBe('Oak[2J chair');
		expect(page.text).toContain('line two');
	});

	it('fails when the collection the pages read does not exist, naming it and the one that does', async () => {
		const valid = await startRawCatalogue([rawProduct('plain-1')]);
		try {
			const error = (await buildFixture('collection-name', {
				extends: 'basic',
				child: true,
				env: env({ AUDIO_REVIEWS_BASE_URL: valid.url, FIXTURE_COLLECTION: 'prodcuts' }),
			}).catch((e: unknown) => e)) as Error & { output: string };
			expect(error.message).toBe('astro build exited with 1');
			expect(error.output).toContain(
				'audioReviews() reads the collection "prodcuts", which does not exist or holds no entry (loaded with productsLoader(): "products"). ' +
					'Set `collection: "products"` in audioReviews(), or give the collection that name in src/content.config.ts',
			);
		} finally {
			await valid.close();
		}
	});

	it('fails when the collection is empty instead of publishing a site without products', async () => {
		const empty = await startRawCatalogue([]);
		try {
			const error = (await buildFixture('basic', {
				child: true,
				env: env({ AUDIO_REVIEWS_BASE_URL: empty.url }),
			}).catch((e: unknown) => e)) as Error & { output: string };
			expect(error.message).toBe('astro build exited with 1');
			expect(error.output).toContain(
				'The collection "products" that audioReviews() reads is empty: productsLoader() stored no product, so the build would publish no product page. ' +
					'Check `websiteId`, `refs` and the filters (`withAudio`, `published`) passed to productsLoader()',
			);
		} finally {
			await empty.close();
		}
	});
});
