import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import {
	localePlan,
	type ProductsLoaderOptions,
	resolveProductsLoaderOptions,
} from '../build-sync/loader-options.js';
import { LOADER_NAME, loaderSchema, type ProductsLoader } from '../build-sync/loader-schema.js';
import { pollPagesFile } from './poll-pages.js';
import { pollSync } from './poll-sync.js';

/**
 * `productsLoader()` in poll's `astro sync`: the site's own options; load() keeps page digests in
 * poll's file, nothing in Astro's store. Served in the build loader's place by `pollLoaderPlugin`.
 */
export function pollLoader(options: ProductsLoaderOptions): ProductsLoader {
	const resolved = resolveProductsLoaderOptions(options);
	const plan = localePlan(resolved);
	return {
		name: LOADER_NAME,
		schema: loaderSchema(),
		load: (context) => pollSync(context, resolved, plan, pollPagesFile(context)),
	};
}

const withoutExtension = (path: string) => path.replace(/\.[jt]s$/, '');

const BUILD_LOADER = withoutExtension(
	fileURLToPath(new URL('../products-loader/products-loader.js', import.meta.url)),
);
const POLL_LOADER = fileURLToPath(import.meta.url);

/** Poll's Vite plugin: the build loader's module exports poll's loader, the site's config unchanged. */
export function pollLoaderPlugin(): Plugin {
	return {
		name: 'astro-audio-reviews:poll-loader',
		enforce: 'pre',
		load(id) {
			if (withoutExtension(id.split('?')[0]!) !== BUILD_LOADER) return undefined;
			return `export { pollLoader as productsLoader } from ${JSON.stringify(POLL_LOADER)};`;
		},
	};
}
