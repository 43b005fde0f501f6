/**
 * The product ref of an on-demand page, read from the request's own path.
 *
 * `livePath()` encodes a ref as one path segment (`a/b?c` → `a%2Fb%3Fc`). Astro decodes the
 * path for routing with `decodeURI`, repeatedly: that leaves the reserved escapes (`%2F %3F
 * %23 %2B %3B %40 …`) encoded while decoding `%25`, so `Astro.params.ref` is neither the ref nor
 * its encoding (`a%2Fb` and `a%252Fb` both arrive as `a%2Fb`). The raw path, decoded exactly
 * once, is the ref `livePath()` encoded.
 */
export function liveRef(
	astro: { request: Request; params: Record<string, string | undefined> },
	options: { route?: string } = {},
): string | undefined {
	const route = options.route ?? '/products/[...ref]';
	const param = /\[(?:\.\.\.)?(\w+)\]/.exec(route)?.[1] ?? 'ref';
	const routed = astro.params[param];
	if (routed === undefined) return undefined;
	// Segments of the route after the parameter, e.g. 1 for `/products/[ref]/reviews`.
	const after = route
		.slice(route.indexOf(']') + 1)
		.split('/')
		.filter(Boolean).length;
	const segments = new URL(astro.request.url).pathname.replace(/\/+$/, '').split('/');
	// decodeURI never produces a `/`: the parameter spans as many raw segments as it has parts.
	const end = segments.length - after;
	const raw = segments.slice(end - routed.split('/').length, end).join('/');
	// Only when the raw segments are what Astro routed (no rewrite in between) are they this ref's.
	if (decodeLikeAstro(raw) !== routed) return routed;
	try {
		return decodeURIComponent(raw);
	} catch {
		return routed;
	}
}

/** Astro's routing decode: `decodeURI` until stable (bounded), tolerating malformed escapes. */
function decodeLikeAstro(path: string): string {
	let current = path;
	for (let i = 0; i < 10; i++) {
		let next: string;
		try {
			next = decodeURI(current);
		} catch {
			return current;
		}
		if (next === current) return current;
		current = next;
	}
	return current;
}
