declare module 'virtual:astro-audio-reviews/config' {
	const config: import('./src/integration/virtual-config.js').PageConfig;
	export default config;
}
