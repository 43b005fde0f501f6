import { type ApiError, type ApiProductList, toApiProduct } from './api-shape.js';
import type { SimWidgetConfig } from './model.js';
import { parseListParams, parseSingleParams } from './query.js';
import type { CatalogueStore } from './store.js';

/**
 * The service's two endpoints as pure functions of (path, query, catalogue): no sockets,
 * no faults, no caching headers. server.ts adds those around them.
 */
export interface RouteContext {
	store: CatalogueStore;
	websiteId: string;
	maxLimit: number;
	widgetConfigs: readonly SimWidgetConfig[];
}

export type Route =
	| { endpoint: 'list'; website: string }
	| { endpoint: 'single'; website: string; ref: string; refValid: boolean };

export type RouteResult =
	/** A resource: validators may apply. `updatedAt` feeds Last-Modified (undefined: none). */
	| { kind: 'data'; body: string; updatedAt: number | undefined }
	| { kind: 'error'; status: number; body: ApiError };

// Matched on the raw path: a WHATWG URL would resolve `..` and `.` segments and hide
// `%2F` inside a ref behind the decoded path. Refs are single segments, decoded afterwards.
const LIST_PATH = /^\/ws\/websites\/([^/]+)\/products$/;
const SINGLE_PATH = /^\/ws\/websites\/([^/]+)\/products\/([^/]+)$/;

export function matchRoute(rawPath: string): Route | undefined {
	const list = LIST_PATH.exec(rawPath);
	if (list) return { endpoint: 'list', website: decode(list[1]!) ?? list[1]! };
	const single = SINGLE_PATH.exec(rawPath);
	if (!single) return undefined;
	const ref = decode(single[2]!);
	return {
		endpoint: 'single',
		website: decode(single[1]!) ?? single[1]!,
		ref: ref ?? single[2]!,
		refValid: ref !== undefined,
	};
}

export function answer(route: Route, params: URLSearchParams, ctx: RouteContext): RouteResult {
	return route.endpoint === 'list' ? list(route, params, ctx) : single(route, params, ctx);
}

/**
 * The list endpoint. Parameters are checked before the website: a 400 does not depend on data.
 * An unknown website gets status 200 with an ERR_DB_MISSING body, as the single endpoint does:
 * the spec is silent for the list, and the historical 200-with-error-body behaviour is the
 * one a client is most likely to mishandle, so it is the one worth simulating.
 */
function list(route: Route, params: URLSearchParams, ctx: RouteContext): RouteResult {
	const parsed = parseListParams(params, ctx.maxLimit);
	if (!parsed.ok)
		return {
			kind: 'error',
			status: 400,
			body: { type: 'ERR_INPUT_VALIDATION', message: parsed.message },
		};
	if (!sameWebsite(route.website, ctx.websiteId))
		return missing(`Unknown website ${route.website}`);
	const query = parsed.value;
	const matches = ctx.store.query(query);
	const page = matches.slice(query.offset, query.offset + query.limit);
	// An insertion, removal or filter change elsewhere shifts the page without changing its
	// products, so the catalogue's last change counts too; otherwise If-Modified-Since would lie.
	let updatedAt = ctx.store.structureChangedAt;
	const body: ApiProductList = {
		limit: query.limit,
		offset: query.offset,
		count_item: matches.length,
		items: [],
	};
	for (const entry of page) {
		body.items.push(
			toApiProduct(ctx.store.resolve(entry), {
				locale: query.locale,
				activeOnly: query.without === 'inactive',
			}),
		);
		updatedAt = Math.max(updatedAt, ctx.store.updatedAt(entry));
	}
	return {
		kind: 'data',
		body: JSON.stringify(body),
		updatedAt: updatedAt > 0 ? updatedAt : undefined,
	};
}

/**
 * The single-product endpoint: every error is sent with status 200 and an error body. Only active
 * audio is sent ("its active audio content"); `locale` filters strictly when given.
 */
function single(
	route: Route & { endpoint: 'single' },
	params: URLSearchParams,
	ctx: RouteContext,
): RouteResult {
	if (!route.refValid)
		return {
			kind: 'error',
			status: 200,
			body: { type: 'ERR_INPUT_VALIDATION', message: 'Malformed percent-encoding in productRef' },
		};
	const parsed = parseSingleParams(params);
	if (!parsed.ok)
		return {
			kind: 'error',
			status: 200,
			body: { type: 'ERR_INPUT_VALIDATION', message: parsed.message },
		};
	if (!sameWebsite(route.website, ctx.websiteId))
		return missing(`Unknown website ${route.website}`);
	const product = ctx.store.get(route.ref);
	if (!product) return missing(`Unknown product ${route.ref}`);
	const { locale, type, variant } = parsed.value;
	const body = toApiProduct(product, {
		locale,
		activeOnly: true,
		type,
		variant,
		widgetConfigs: ctx.widgetConfigs,
	});
	return { kind: 'data', body: JSON.stringify(body), updatedAt: product.updatedAt };
}

function missing(message: string): RouteResult {
	return { kind: 'error', status: 200, body: { type: 'ERR_DB_MISSING', message } };
}

/** UUIDs compare case-insensitively. */
function sameWebsite(candidate: string, websiteId: string): boolean {
	return candidate.toLowerCase() === websiteId.toLowerCase();
}

function decode(segment: string): string | undefined {
	try {
		return decodeURIComponent(segment);
	} catch {
		return undefined;
	}
}
