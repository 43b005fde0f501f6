import { z } from 'astro/zod';
import { AudioReviewsOptionsError } from '../errors/errors.js';
import { parseOptions } from '../options/parse-options.js';

/** Where each server process reads its Varnish nodes, when `nodes` is not set. */
export const CACHE_NODES_ENV = 'AUDIO_REVIEWS_CACHE_NODES';
/** The secret servers send with each purge, and varnishd checks in its own environment. */
export const PURGE_SECRET_ENV = 'AUDIO_REVIEWS_PURGE_SECRET';

/**
 * `nodes` is optional, so one build serves any deployment; `purgeTimeoutMs` bounds each purge
 * request to one node, so a hung node never hangs the webhook.
 */
export const cacheVarnishSchema = z
	.object({
		nodes: z.array(z.string()).optional(),
		purgeTimeoutMs: z
			.number({ message: 'Expected `purgeTimeoutMs` to be a number of milliseconds' })
			.int({ message: 'Expected `purgeTimeoutMs` to be a whole number of milliseconds' })
			.min(100, { message: 'Expected `purgeTimeoutMs` to be 100 ms or more' })
			.max(60_000, { message: 'Expected `purgeTimeoutMs` to be at most 60000 ms' })
			.default(5000),
	})
	.strict();

export type CacheVarnishOptions = z.input<typeof cacheVarnishSchema>;
export type ResolvedCacheVarnishOptions = z.output<typeof cacheVarnishSchema>;

export function resolveCacheVarnishOptions(input: unknown): ResolvedCacheVarnishOptions {
	const resolved = parseOptions(cacheVarnishSchema, input, 'cacheVarnish');
	if (resolved.nodes !== undefined) checkNodes(resolved.nodes, '`nodes`');
	return resolved;
}

/** Each node checked: an `http(s)` URL with no path, query or credentials, no duplicates. */
export function checkNodes(nodes: readonly string[], source: string): string[] {
	if (nodes.length === 0)
		throw nodesError(`${source} names no Varnish node`, 'Give at least one node address');
	for (const node of nodes) {
		let url: URL | undefined;
		try {
			url = new URL(node);
		} catch {
			url = undefined;
		}
		const path = url?.pathname === '/' || url?.pathname === '';
		if (!url || !/^https?:$/.test(url.protocol) || !path || url.search || url.hash || url.username)
			throw nodesError(
				`${source}: ${JSON.stringify(node.slice(0, 200))} is not a Varnish node address`,
				'Each node is an http(s) base address such as http://10.0.0.5:6081, with no path',
			);
	}
	const seen = new Set<string>();
	for (const node of nodes) {
		const key = new URL(node).origin;
		if (seen.has(key))
			throw nodesError(`${source} names ${JSON.stringify(node)} twice`, 'Name each node once');
		seen.add(key);
	}
	return [...nodes];
}

/** Addresses separated by commas, spaces around them allowed. */
export function nodesFromEnvironment(value: string | undefined): string[] {
	const source = `${CACHE_NODES_ENV}=${JSON.stringify((value ?? '').slice(0, 300))}`;
	if (value === undefined || value.trim() === '')
		throw nodesError(
			`${CACHE_NODES_ENV} is not set, and cacheVarnish() was given no \`nodes\``,
			`Start each server process with ${CACHE_NODES_ENV}=http://host:port,http://host:port (every Varnish node), or pass \`nodes\` to cacheVarnish()`,
		);
	const parts = value.split(',').map((part) => part.trim());
	if (parts.some((part) => part === ''))
		throw nodesError(
			`${source} has an empty address`,
			'Separate the node addresses with single commas',
		);
	return checkNodes(parts, source);
}

function nodesError(message: string, hint: string): AudioReviewsOptionsError {
	return new AudioReviewsOptionsError(`cacheVarnish(): ${message}`, hint);
}
