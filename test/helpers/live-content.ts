import { createGetLiveCollection, createGetLiveEntry } from 'astro/content/runtime';
import {
	type LiveContent,
	liveContentOf,
	liveSourceOf,
} from '../../integration/src/on-demand/collection-source.js';
import type {
	LiveSource,
	ProductsLiveLoader,
} from '../../integration/src/on-demand/live-loader/products-live-loader.js';

/**
 * `astro:content`'s getLiveCollection and getLiveEntry, made by Astro's own runtime, over one live
 * collection (`products` unless named) read by `loader`: what the injected on-demand routes are given in a site.
 */
export function liveContent(loader: ProductsLiveLoader, name = 'products'): LiveContent {
	const liveCollections = { [name]: { type: 'live' as const, loader: loader as never } };
	return liveContentOf({
		getLiveCollection: createGetLiveCollection({ liveCollections }),
		getLiveEntry: createGetLiveEntry({ liveCollections }),
	});
}

/** The client and options `loader` lends the routes, asked for as they ask. */
export function lentSource(loader: ProductsLiveLoader): Promise<LiveSource> {
	return liveSourceOf(liveContent(loader), { collection: 'products' });
}
