import { AudioReviewsError } from '../errors/errors.js';
import type { LiveSource, LiveSourceFilter } from './live-loader/products-live-loader.js';
import type { LiveEntryResultLike } from './product-pages.js';

// The injected on-demand routes reach the live loader through Astro's live collection API, by the
// collection's name, as a page of the site would.

type LiveResult = { error?: Error | undefined };

/** What a route passes in from `astro:content` (methods, so the site's own typings fit). */
export interface LiveContent {
	getLiveCollection(collection: string, filter: LiveSourceFilter): Promise<LiveResult>;
	getLiveEntry(
		collection: string,
		filter: { ref: string; locale: string },
	): Promise<LiveEntryResultLike>;
}

type AnyFunction = (...args: never[]) => unknown;

export function liveContentOf(module: {
	getLiveCollection: AnyFunction;
	getLiveEntry: AnyFunction;
}): LiveContent {
	return module as unknown as LiveContent;
}

export interface LiveSourceQuery {
	collection: string;
	/** `invalidate.websiteId`: the loader must read that website (its tags are purged). */
	websiteId?: string | undefined;
}

export async function liveSourceOf(
	content: Pick<LiveContent, 'getLiveCollection'>,
	query: LiveSourceQuery,
): Promise<LiveSource> {
	let lent: LiveSource | undefined;
	const result = await content.getLiveCollection(query.collection, {
		lendSource: (source) => {
			lent = source;
		},
	});
	const wanted = `the live collection ${JSON.stringify(query.collection)} (\`onDemand.collection\`, else \`collection\`, of audioReviews())`;
	const fix = `: define it in src/live.config.ts with productsLiveLoader(), or set \`onDemand.collection\` to the name of the one that is`;
	if (!lent) {
		const astroSays = result.error ? ` (${result.error.message})` : '';
		throw new AudioReviewsError(
			`astro-audio-reviews: ${wanted} is not a live collection read by productsLiveLoader()${fix}${astroSays}`,
		);
	}
	if (result.error) throw result.error;
	if (
		query.websiteId !== undefined &&
		lent.options.websiteId.toLowerCase() !== query.websiteId.toLowerCase()
	) {
		throw new AudioReviewsError(
			`astro-audio-reviews: ${wanted} reads website ${lent.options.websiteId}, but \`invalidate.websiteId\` of audioReviews() is ${query.websiteId}: set both to the same website`,
		);
	}
	return lent;
}

/** The live loader's client and options, or undefined for a site that only purges. */
export async function findLiveSource(
	content: Pick<LiveContent, 'getLiveCollection'>,
	query: LiveSourceQuery,
): Promise<LiveSource | undefined> {
	try {
		return await liveSourceOf(content, query);
	} catch {
		return undefined;
	}
}
