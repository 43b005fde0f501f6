import { createGetLiveCollection, createGetLiveEntry } from 'astro/content/runtime';
import {
	type LiveContent,
	liveContentOf,
	liveSourceOf,
} from '../../integration/src/on-demand/collection-source.js';
import type { LiveSource } from '../../integration/src/on-demand/live-loader/live-source.js';
import type { ProductsLiveLoader } from '../../integration/src/on-demand/live-loader/products-live-loader.js';

/**
 * `astro:content`'s getLiveCollection and getLiveEntry, made by Astro's own runtime, over one live
 * collection (`products` unless named) read by `loader`, with the live config's `collections` that
 * Astro reads them from: what the injected on-demand routes are given in a site.
 */
export function liveContent(loader: ProductsLiveLoader, name = 'products'): LiveContent {
	const liveCollections = { [name]: { type: 'live' as const, loader: loader as never } };
	return liveContentOf(
		{
			getLiveCollection: createGetLiveCollection({ liveCollections }),
			getLiveEntry: createGetLiveEntry({ liveCollections }),
		},
		liveCollections,
	);
}

/** The client and options the routes read off `loader`, found as they find it. */
export function lentSource(loader: ProductsLiveLoader): Promise<LiveSource> {
	return liveSourceOf(liveContent(loader), { collection: 'products' });
}
