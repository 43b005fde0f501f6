import { processState } from './process-state.js';

/**
 * The product pages of a build, handed from the injected route's `getStaticPaths` to the review
 * feed writer in `astro:build:done`, so the feed describes exactly the pages Astro rendered, from
 * the same collection, with the same paths. The route runs in Astro's prerender bundle, which
 * holds its own copy of this module: the hand-over lives in state/process-state.ts.
 *
 * Why not through Astro's channels, with Astro 7.3:
 * - The feed as an injected, prerendered endpoint (`getCollection` in its `GET`): Astro holds an
 *   endpoint's whole body in memory before writing it (`Buffer.from(await
 *   response.arrayBuffer())` in core/build/generate.js), so the feed could no longer be streamed
 *   to disk review by review (docs/review-feed.md: its size does not bound the build's memory);
 *   and its "Review feed: …" / "left out" counts, known only while it is made, would be logged
 *   in the middle of Astro's line for that file rather than by the integration after the pages.
 * - `astro:build:done`'s `pages`: pathnames only. No hook argument, virtual module or content
 *   API gives a hook the entries behind them (`astro:content` exists only inside Vite's bundles),
 *   and the data store file is Astro's private format, read whole a second time.
 *
 * So one value per collection crosses: the array of product pages `siteCatalogue` already holds
 * (a reference, no copy). Nothing is kept unless a build with the feed opened the slot first,
 * and it is released when taken, so neither a dev server nor a later build keeps or reuses it.
 */

/** Collection → its product pages, once the injected route published them; undefined until then. */
type Registry = Map<string, readonly { props: unknown }[] | undefined>;

function registry(): Registry {
	return processState<Registry>('published-pages', () => new Map());
}

/** Starts collecting the pages of `collection` for this build (forgetting any earlier build's). */
export function collectPublishedPages(collection: string): void {
	registry().set(collection, undefined);
}

/** Called by the injected route with the catalogue's product pages; a no-op unless the build collects them. */
export function publishPages(
	collection: string,
	productPages: readonly { props: unknown }[],
): void {
	if (registry().has(collection)) registry().set(collection, productPages);
}

/**
 * The product pages (not their further review pages) of `collection`, and stops collecting;
 * undefined when no route ran in this process (pages prerendered elsewhere, or none injected).
 */
export function takePublishedPages<Props>(collection: string): Props[] | undefined {
	const pages = registry().get(collection);
	registry().delete(collection);
	return pages?.map((path) => path.props as Props);
}
