// For type-checking the pages helpers; the module itself is served by virtualConfigPlugin.
declare module 'virtual:astro-audio-reviews/config' {
	const config: import('./page-config.js').PageConfig;
	export default config;
}
