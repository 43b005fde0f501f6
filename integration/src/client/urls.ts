import { AudioReviewsError } from '../errors/errors.js';

/** Query parameters of the list endpoint (docs/service.md §4.2). */
export interface ListProductsQuery {
	limit?: number | undefined;
	offset?: number | undefined;
	without?: 'inactive' | undefined;
	locale?: string | undefined;
	withAudio?: boolean | undefined;
	published?: boolean | undefined;
}

/** Query parameters of the single-product endpoint (docs/service.md §4.1). */
export interface GetProductQuery {
	locale?: string | undefined;
	type?: string | undefined;
	variant?: string | undefined;
}

export function listProductsUrl(
	baseUrl: string,
	websiteId: string,
	query: ListProductsQuery,
): string {
	return `${baseUrl}/ws/websites/${encodeURIComponent(websiteId)}/products${queryString(query)}`;
}

export function getProductUrl(
	baseUrl: string,
	websiteId: string,
	ref: string,
	query: GetProductQuery,
): string {
	// WHATWG URLs (and so `fetch`) resolve `.` and `..` segments, even percent-encoded ones:
	// such a ref would silently address another resource. Refuse it with a clear error.
	if (ref === '.' || ref === '..') {
		throw new AudioReviewsError(
			'This ref cannot be requested through the single-product endpoint: URLs resolve "." and ".." path segments. Load it through the list endpoint (leave `refs` out)',
			{ endpoint: 'getProduct', ref },
		);
	}
	return `${baseUrl}/ws/websites/${encodeURIComponent(websiteId)}/products/${encodeURIComponent(ref)}${queryString(query)}`;
}

function queryString(query: object): string {
	const params = new URLSearchParams();
	for (const [key, value] of Object.entries(query)) {
		if (value !== undefined) params.set(key, String(value));
	}
	const text = params.toString();
	return text === '' ? '' : `?${text}`;
}
