// The answers of the on-demand routes when there is no page to render: the `noindex` 404 of an
// unknown ref or path, and the 502/503 of a service that failed, never cached.

import { escapeControl } from '../errors/error-text.js';
import { ProductValidationError, ResponseFormatError } from '../errors/errors.js';
import { NO_STORE, notFoundCacheControlHeader } from './cache-policy.js';
import { type CachePolicy, resolveCachePolicy } from './cache-policy-option.js';

/** A 404 page for an unknown ref, cacheable briefly by shared caches. */
export function notFoundResponse(
	ref: string,
	policy: CachePolicy = resolveCachePolicy(),
): Response {
	return notFoundPage(
		'Product not found',
		`No product with the reference <code>${escapeHtml(ref)}</code>.`,
		policy,
	);
}

/** The 404 of every on-demand route (products, hub pages, sitemap files): a `noindex` page. */
export function notFoundPage(title: string, message: string, policy: CachePolicy): Response {
	const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${title}</title></head><body><h1>${title}</h1><p>${message}</p></body></html>`;
	return new Response(body, {
		status: 404,
		headers: {
			'Content-Type': 'text/html; charset=utf-8',
			'Cache-Control': notFoundCacheControlHeader(policy),
		},
	});
}

/** Where a request's failures and warnings are logged: the `logger` of `Astro` or of an endpoint's context. */
export type RequestLogger = { error: (message: string) => void; warn: (message: string) => void };

/**
 * The response for a product that could not be loaded: 502 when the service answered with data that
 * fails the schema, 503 otherwise (unreachable, 5xx, timeout).
 */
export function liveErrorResponse(
	error: Error,
	context: { ref?: string; what?: string; logger?: RequestLogger | undefined } = {},
): Response {
	const badData =
		error instanceof ProductValidationError ||
		error instanceof ResponseFormatError ||
		error.name === 'LiveCollectionValidationError';
	const status = badData ? 502 : 503;
	const what =
		context.what ??
		(context.ref === undefined
			? 'This page'
			: `The page of product ${JSON.stringify(context.ref)}`);
	const why = badData
		? 'the product catalogue service sent data that failed validation'
		: 'the product catalogue service is unavailable or did not answer in time';
	const kind = error.name && /^[A-Za-z]{1,64}$/.test(error.name) ? ` (${error.name})` : '';
	// One line whatever the error: its text may quote the service, and server logs are read by people and parsers.
	context.logger?.error(
		escapeControl(
			`[astro-audio-reviews] ${status} for ${context.what?.toLowerCase() ?? (context.ref === undefined ? 'a live product' : `ref ${JSON.stringify(context.ref)}`)}: ${error.message}`,
		),
	);
	return new Response(
		`${status} ${badData ? 'Bad Gateway' : 'Service Unavailable'}: ${what} cannot be shown right now because ${why}${kind}. Please try again in a moment.\n`,
		{
			status,
			headers: {
				'Content-Type': 'text/plain; charset=utf-8',
				'Cache-Control': NO_STORE,
				'Retry-After': '30',
			},
		},
	);
}

export function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
