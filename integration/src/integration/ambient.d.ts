// For type-checking integration/pages/invalidate.ts; the module itself is served by virtualLiveConfigPlugin.
declare module 'virtual:astro-audio-reviews/live-config' {
	const config: import('./virtual-live-config.js').LiveConfig;
	export default config;
}
