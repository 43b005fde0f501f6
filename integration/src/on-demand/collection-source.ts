import { AudioReviewsError } from '../errors/errors.js';
import { type LiveSource, liveSourceOfLoader } from './live-loader/live-source.js';
import type { ProductCollectionFilter } from './live-loader/products-live-loader.js';
import type { LiveEntryResultLike } from './product-pages.js';

// The routes find the live loader in the site's live config and read its client and options.

type LiveResult = { error?: Error | undefined };

/** The `collections` a site's `src/live.config.*` exports (undefined without one). */
export type LiveCollections =
	| Readonly<Record<string, { loader?: unknown } | undefined>>
	| undefined;

/** What a route passes in from `astro:content` (methods, so the site's own typings fit). */
export interface LiveContent {
	getLiveCollection(collection: string, filter?: ProductCollectionFilter): Promise<LiveResult>;
	getLiveEntry(
		collection: string,
		filter: { ref: string; locale: string },
	): Promise<LiveEntryResultLike>;
	collections: LiveCollections;
}

type AnyFunction = (...args: never[]) => unknown;

export function liveContentOf(
	module: { getLiveCollection: AnyFunction; getLiveEntry: AnyFunction },
	collections: LiveCollections,
): LiveContent {
	const { getLiveCollection, getLiveEntry } = module as unknown as LiveContent;
	return { getLiveCollection, getLiveEntry, collections };
}

export interface LiveSourceQuery {
	collection: string;
	/** `invalidate.websiteId`: the loader must read that website (its tags are purged). */
	websiteId?: string | undefined;
}

export async function liveSourceOf(
	content: Pick<LiveContent, 'getLiveCollection' | 'collections'>,
	query: LiveSourceQuery,
): Promise<LiveSource> {
	const { collections } = content;
	const defined = collections !== undefined && Object.hasOwn(collections, query.collection);
	const source = defined ? liveSourceOfLoader(collections[query.collection]?.loader) : undefined;
	const wanted = `the live collection ${JSON.stringify(query.collection)} (\`onDemand.collection\`, else \`collection\`, of audioReviews())`;
	const fix = `: define it in src/live.config.ts with productsLiveLoader(), or set \`onDemand.collection\` to the name of the one that is`;
	if (!source) {
		// A name the live config lacks, Astro lacks too: its words, no load run.
		const result = defined ? {} : await content.getLiveCollection(query.collection);
		const astroSays = result.error ? ` (${result.error.message})` : '';
		throw new AudioReviewsError(
			`astro-audio-reviews: ${wanted} is not a live collection read by productsLiveLoader()${fix}${astroSays}`,
		);
	}
	if (
		query.websiteId !== undefined &&
		source.options.websiteId.toLowerCase() !== query.websiteId.toLowerCase()
	) {
		throw new AudioReviewsError(
			`astro-audio-reviews: ${wanted} reads website ${source.options.websiteId}, but \`invalidate.websiteId\` of audioReviews() is ${query.websiteId}: set both to the same website`,
		);
	}
	return source;
}

/** The live loader's client and options, or undefined for a site that only purges. */
export async function findLiveSource(
	content: Pick<LiveContent, 'getLiveCollection' | 'collections'>,
	query: LiveSourceQuery,
): Promise<LiveSource | undefined> {
	try {
		return await liveSourceOf(content, query);
	} catch {
		return undefined;
	}
}
