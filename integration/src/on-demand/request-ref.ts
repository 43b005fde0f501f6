import { parseReviewPageSegment } from '../routing/review-pages.js';

/** The product ref of an on-demand page, read from the request's own path. */
export function liveRef(
	astro: RoutedRequest,
	options: { route?: string } = {},
): string | undefined {
	const found = rawParam(astro, options.route);
	if (found === undefined) return undefined;
	const { raw, routed } = found;
	// Only when the raw segments are what Astro routed (no rewrite in between) are they this ref's.
	if (decodeLikeAstro(raw) !== routed) return routed;
	const { segment } = parseReviewPageSegment(raw);
	try {
		return decodeURIComponent(segment);
	} catch {
		return routed;
	}
}

/** The review page an on-demand request asks for: n for a ref segment ending in `~reviews-<n>`, else 1. */
export function liveReviewPage(astro: RoutedRequest, options: { route?: string } = {}): number {
	const found = rawParam(astro, options.route);
	return found === undefined ? 1 : parseReviewPageSegment(found.raw).page;
}

type RoutedRequest = { request: Request; params: Record<string, string | undefined> };

/** The raw (still encoded) path segments the route's ref parameter spans, and the parameter Astro routed. */
function rawParam(
	astro: RoutedRequest,
	route = '/products/[...ref]',
): { raw: string; routed: string } | undefined {
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
	return { raw: segments.slice(end - routed.split('/').length, end).join('/'), routed };
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
