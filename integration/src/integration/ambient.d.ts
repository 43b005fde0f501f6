// For type-checking integration/pages/invalidate.ts; the module itself is served by virtualLiveConfigPlugin.
declare module 'virtual:astro-audio-reviews/live-config' {
	const config: import('../on-demand/virtual-live-config.js').LiveConfig;
	export default config;
}
// For type-checking the injected on-demand sitemap and hub routes; served by injectOnDemandRoutes.
declare module 'virtual:astro-audio-reviews/on-demand' {
	const config: import('./on-demand-routes.js').OnDemandConfig;
	export default config;
}
