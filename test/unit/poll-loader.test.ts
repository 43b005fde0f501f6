import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOADER_NAME } from '../../integration/src/build-sync/loader-schema.js';
import { AudioReviewsOptionsError } from '../../integration/src/errors/errors.js';
import { pollLoader, pollLoaderPlugin } from '../../integration/src/poll/poll-loader.js';

const source = (path: string) =>
	fileURLToPath(new URL(`../../integration/src/${path}`, import.meta.url));

describe("poll's own loader", () => {
	it("is served in the build loader's module, and there only", () => {
		const load = pollLoaderPlugin().load as (id: string) => string | undefined;
		const served = `export { pollLoader as productsLoader } from ${JSON.stringify(source('poll/poll-loader.ts'))};`;
		expect(load(source('products-loader/products-loader.ts'))).toBe(served);
		expect(
			load(`${source('products-loader/products-loader.ts').replace(/\.ts$/, '.js')}?v=2`),
		).toBe(served);
		expect(load(source('products-loader/products-loader-workerd.ts'))).toBeUndefined();
		expect(load(source('poll/poll-loader.ts'))).toBeUndefined();
	});

	it("takes the site's options as productsLoader() does: same name, options checked", () => {
		const loader = pollLoader({
			baseUrl: 'http://127.0.0.1:9',
			websiteId: '0f8fad5b-d9cb-469f-a165-70867728950e',
		});
		expect(loader.name).toBe(LOADER_NAME);
		expect(() => pollLoader({ websiteId: 'not a uuid' } as never)).toThrow(
			AudioReviewsOptionsError,
		);
	});
});
