/**
 * The only state the package keeps on `globalThis`, and why: the loaders (Astro's content layer),
 * the pages (Vite's SSR and prerender bundles) and the integration's hooks run in one process but
 * load this package as separate module instances, so a module-level variable is not shared
 * between them. Each slot below crosses that gap; its type and functions live in the file named,
 * in this folder, which alone calls `processState` for it. Each has one writer and names its
 * readers (test/architecture/process-state.test.ts lists the files importing each one):
 *
 * - `build-state` (state/build-state.ts): written by productsLoader() (the catalogue index with
 *   the loader's locales, stale/fresh) and cleared by the `astro:config:setup` hook
 *   (`forgetLoaded`); read by `productUrl` and the empty-collection check, `astro:build:done`
 *   (stale collections, the locales its missing-words warning names, the change report) and
 *   virtual/virtual-modules.ts (the catalogue embedded in an on-demand bundle). An entry's own
 *   locale and content date are not here: they travel in the entry (`rendered.metadata`,
 *   loaders/entry-metadata.ts), read from `getCollection`. Why here: `productUrl(entry)` is
 *   synchronous yet needs every ref (a slug depends on the others), and no hook can read the
 *   content store.
 * - `sitemap` (state/sitemap-pages.ts): written by the injected routes' `getStaticPaths`
 *   (`getProductStaticPaths`, the hub route) through sitemaps/sitemap.ts; read by
 *   `serializeSitemapItem` in `@astrojs/sitemap`'s `astro:build:done`. Why here: that hook hands
 *   `serialize` one URL and nothing else, so no Astro channel reaches it.
 * - `published-pages` (state/published-pages.ts): opened by `astro:build:start` when the review
 *   feed is on, written by `getProductStaticPaths` of the injected route (the catalogue's product
 *   pages); taken by `astro:build:done`'s review feed writer. Why neither an injected feed
 *   endpoint nor `astro:build:done`'s `pages` can carry it: that file's opening comment.
 * - `shared-cache` (state/shared-cache.ts): written by the `cacheVarnish()` provider's factory
 *   when a server process creates it; read by the live loader and the on-demand sitemaps, which
 *   then share no load in flight between renders. Why here: the provider is loaded by Astro's
 *   cache runtime, the loader by the content layer, as separate module instances.
 *
 * The on-demand routes need none: they reach the live loader through Astro's live collection API
 * (on-demand/live-source.ts). The test also fails on any other `globalThis` registry or
 * `Symbol.for` in the package.
 */
export type ProcessStateSlot = 'build-state' | 'sitemap' | 'published-pages' | 'shared-cache';

/** The process-wide value of `slot`, created on first use. */
export function processState<T>(slot: ProcessStateSlot, create: () => T): T {
	const key = Symbol.for(`astro-audio-reviews.${slot}`);
	const holder = globalThis as { [key: symbol]: unknown };
	if (!(key in holder)) holder[key] = create();
	return holder[key] as T;
}
