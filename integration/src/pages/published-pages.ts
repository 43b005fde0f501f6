import { processState } from '../state/process-state.js';
import type { ProductPageProps, StaticPath } from './product-paths.js';
import { isProductPage } from './review-pages.js';

/**
 * The product pages of a build, as the injected route's `getStaticPaths` computed them, handed
 * to build hooks that write files derived from the pages (the review feed): they then describe
 * exactly the pages Astro rendered, from the same collection, with the same paths.
 *
 * The route runs inside Astro's prerender bundle, which holds its own copy of this module, so
 * the hand-over lives in state/process-state.ts. Nothing is kept unless a build asked for it first: the
 * props are the objects Astro already holds for rendering, and are released when taken.
 */

/** Collection → route pattern → the pages of that route. */
type Registry = Map<string, Map<string, readonly StaticPath[]>>;

function registry(): Registry {
	return processState<Registry>('published-pages', () => new Map());
}

/** Starts collecting the pages of `collection` for this build (forgetting any earlier build's). */
export function collectPublishedPages(collection: string): void {
	registry().set(collection, new Map());
}

/** Called by the page route with the paths it returns; a no-op unless the build collects them. */
export function publishPages(collection: string, routePattern: string | undefined, paths: readonly StaticPath[]): void {
	registry()
		.get(collection)
		?.set(routePattern ?? '', paths);
}

/**
 * The product pages (not their further review pages) every route of `collection` published, and stops collecting; undefined when no
 * route ran in this process (pages prerendered elsewhere, or none injected).
 */
export function takePublishedPages(collection: string): ProductPageProps[] | undefined {
	const routes = registry().get(collection);
	registry().delete(collection);
	if (!routes || routes.size === 0) return undefined;
	const pages: ProductPageProps[] = [];
	for (const paths of routes.values()) for (const path of paths) if (isProductPage(path.props)) pages.push(path.props);
	return pages;
}
