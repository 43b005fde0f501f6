declare module 'virtual:astro-audio-reviews/config' {
	const config: import('./src/integration/virtual-config.js').PageConfig;
	export default config;
}

// For plain `tsc` runs: `astro check` types .astro files itself.
declare module '*.astro' {
	const Component: (props: Record<string, unknown>) => unknown;
	export default Component;
}
