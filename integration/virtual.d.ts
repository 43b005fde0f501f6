declare module 'virtual:astro-audio-reviews/layout' {
	const Layout: (props: { title: string; description?: string | undefined; lang: string }) => unknown;
	export default Layout;
}

// For plain `tsc` runs: `astro check` types .astro files itself.
declare module '*.astro' {
	const Component: (props: Record<string, unknown>) => unknown;
	export default Component;
}
