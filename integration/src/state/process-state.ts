/**
 * The only state the package keeps on `globalThis`, and why: the loaders (Astro's content layer),
 * the pages (Vite's SSR and prerender bundles) and the integration's hooks run in one process but
 * load this package as separate module instances, so a module-level variable is not shared
 * between them. Each value below crosses that gap, has one writer and names its readers; its
 * type and functions live in the file named, which alone calls `processState` for that slot.
 *
 * - `build-state` (loaders/build-state.ts): written by productsLoader() (locales, the catalogue
 *   index, stale/fresh) and cleared by the `astro:config:setup` hook (`forgetLoaded`); read by the
 *   pages (product-paths, `productUrl`, the empty-collection check), `astro:build:done` (stale
 *   collections) and pages/virtual-config.ts (the catalogue embedded in an on-demand bundle).
 * - `content-dates` (loaders/content-dates.ts): written by productsLoader() and its refresh (each
 *   entry's content date); read by the pages' `getStaticPaths` (product-paths) for `lastmod`.
 * - `sitemap` (sitemaps/sitemap.ts): written by the injected routes' `getStaticPaths`
 *   (`getProductStaticPaths`, the hub route); read by `serializeSitemapItem` in
 *   `@astrojs/sitemap`'s `astro:build:done`.
 * - `published-pages` (pages/published-pages.ts): opened by `astro:build:start`, written by
 *   `getProductStaticPaths` of the injected route; taken by `astro:build:done`'s review feed writer.
 *
 * The on-demand routes need none: they reach the live loader through Astro's live collection API
 * (on-demand/live-source.ts).
 *
 * `test/architecture/process-state.test.ts` fails on any other `globalThis` registry or `Symbol.for`
 * in the package.
 */
export type ProcessStateSlot = 'build-state' | 'content-dates' | 'sitemap' | 'published-pages';

/** The process-wide value of `slot`, created on first use. */
export function processState<T>(slot: ProcessStateSlot, create: () => T): T {
	const key = Symbol.for(`astro-audio-reviews.${slot}`);
	const holder = globalThis as { [key: symbol]: unknown };
	if (!(key in holder)) holder[key] = create();
	return holder[key] as T;
}
