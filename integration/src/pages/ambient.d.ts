// For type-checking the pages helpers; the module itself is served by virtualConfigPlugin.
declare module 'virtual:astro-audio-reviews/config' {
	const config: import('./page-config.js').PageConfig;
	export default config;
}

// The catalogue index embedded in an on-demand server bundle (undefined elsewhere: the loader's
// process holds it); served by virtualCataloguePlugin.
declare module 'virtual:astro-audio-reviews/catalogue' {
	const index: import('../loaders/build-state.js').CatalogueIndex | null | undefined;
	export default index;
}
