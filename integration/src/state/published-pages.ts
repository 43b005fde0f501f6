import { processState } from './process-state.js';

// The product pages of a build, handed from the injected route's `getStaticPaths` to the review
// feed writer, so the feed lists exactly the pages Astro rendered.
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
