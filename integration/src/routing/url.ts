/** Joins Astro's `base` and a site-relative path: `/shop/` + `/products/x/` → `/shop/products/x/`. */
export function withBase(base: string, path: string): string {
	const trimmed = base.endsWith('/') ? base.slice(0, -1) : base;
	return `${trimmed}${path}`;
}

/** Absolute URL of a site path when `site` is configured, else undefined (no canonical then). */
export function absoluteUrl(
	site: URL | string | undefined,
	base: string,
	path: string,
): string | undefined {
	if (!site) return undefined;
	return new URL(withBase(base, path), site).href;
}
