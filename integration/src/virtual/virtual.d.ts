/// <reference types="astro/client" />
// Every virtual module the package serves, declared
// for type-checking the injected routes, components and helpers that import them.

declare module 'virtual:astro-audio-reviews/layout' {
	const Layout: (props: {
		title: string;
		description?: string | undefined;
		lang: string;
		alternates?: Array<{ locale: string; href: string; current: boolean }> | undefined;
	}) => unknown;
	export default Layout;
}

// Served by virtualConfigPlugin.
declare module 'virtual:astro-audio-reviews/config' {
	const config: import('../pages/page-config.js').PageConfig;
	export default config;
}

// The catalogue index embedded in an on-demand server bundle (undefined elsewhere: the loader's
// process holds it); served by virtualCataloguePlugin.
declare module 'virtual:astro-audio-reviews/catalogue' {
	const index: import('../state/build-state.js').CatalogueIndex | null | undefined;
	export default index;
}

// Served by virtualLiveConfigPlugin; read by the injected invalidation endpoint.
declare module 'virtual:astro-audio-reviews/live-config' {
	const config: import('./virtual-modules.js').LiveConfig;
	export default config;
}

// Served by virtualLiveCollectionsPlugin: the site's live config's collections, else undefined.
declare module 'virtual:astro-audio-reviews/live-collections' {
	export const collections: import('../on-demand/collection-source.js').LiveCollections;
}

// Served by injectOnDemandRoutes; read by the injected on-demand sitemap and hub routes.
declare module 'virtual:astro-audio-reviews/on-demand' {
	const config: import('./virtual-modules.js').OnDemandConfig;
	export default config;
}

// Served by virtualSearchPlugin: the search of `search: 'postgres'`, else undefined exports.
declare module 'virtual:astro-audio-reviews/search' {
	type Body = import('../search-postgres/endpoint.js').SearchResponseBody;
	export const searchEndpoint: ((url: URL) => Promise<Response>) | undefined;
	export const searchPage:
		| ((
				url: URL,
				locale: string | undefined,
		  ) => Promise<{ body?: Body; error?: string } | undefined>)
		| undefined;
	export const searchReindex:
		| ((
				refs: readonly string[],
		  ) => Promise<import('../search-postgres/reindex.js').ReindexOutcome | undefined>)
		| undefined;
}

// For plain `tsc` runs: `astro check` types .astro files itself.
declare module '*.astro' {
	const Component: (props: Record<string, unknown>) => unknown;
	export default Component;
}
