import { ANSWER_ERROR_TYPES, HTTP_ERROR_TYPE } from '../errors/attempt-error-type.js';
import {
	type Attributes,
	type Counter,
	type Histogram,
	lazyInstruments,
	type Meter,
} from './meter.js';

/**
 * What the package records, each where the work happens: the network layer's settled attempts to
 * the service, live loads in the live loader, the purge pool's nodes, the webhook. Every attribute
 * value comes from a bounded set (no ref, path or text of the service), so a catalogue of any size
 * makes the same series.
 */

/** OpenTelemetry's semantic conventions for `http.client.request.duration`, in seconds. */
export const DURATION_BUCKETS = [
	0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10,
];

interface Instruments {
	requestDuration: Histogram;
	loads: Counter;
	purges: Counter;
	purgeDuration: Histogram;
	webhookRequests: Counter;
	searchRequests: Counter;
	searchDuration: Histogram;
}

const record = lazyInstruments((meter): Instruments => {
	const instruments = createInstruments(meter);
	// Every outcome's series from the start: Prometheus's `increase()` misses a series' first value.
	for (const outcome of LOAD_OUTCOMES)
		for (const shared of [false, true]) instruments.loads.add(0, { outcome, shared });
	for (const outcome of SEARCH_OUTCOMES) instruments.searchRequests.add(0, { outcome });
	return instruments;
});

function createInstruments(meter: Meter): Instruments {
	return {
		requestDuration: meter.createHistogram('http.client.request.duration', {
			description: 'Duration of each request to the audio reviews service, retries included.',
			unit: 's',
			advice: { explicitBucketBoundaries: DURATION_BUCKETS },
		}),
		loads: meter.createCounter('audio_reviews.loads', {
			description: 'Live loads of a product, by outcome; shared when it joined a load in flight.',
		}),
		purges: meter.createCounter('audio_reviews.purges', {
			description: 'Purges sent to a cache node, by outcome.',
		}),
		purgeDuration: meter.createHistogram('audio_reviews.purge.duration', {
			description: 'How long a cache node took to confirm (or fail) a purge.',
			unit: 's',
			advice: { explicitBucketBoundaries: DURATION_BUCKETS },
		}),
		webhookRequests: meter.createCounter('audio_reviews.webhook.requests', {
			description: 'Calls of the invalidation webhook, by the status it answered.',
		}),
		searchRequests: meter.createCounter('audio_reviews.search.requests', {
			description: 'Searches of the PostgreSQL index, by outcome.',
		}),
		searchDuration: meter.createHistogram('audio_reviews.search.duration', {
			description: 'How long a search took to answer, whatever its outcome.',
			unit: 's',
			advice: { explicitBucketBoundaries: DURATION_BUCKETS },
		}),
	};
}

export interface ClientRequestRecord {
	/** The service's base address: only its host and port are kept. */
	baseUrl: string;
	/** The endpoint's path with its placeholders (`/ws/websites/{websiteId}/products`). */
	template: string;
	seconds: number;
	status?: number | undefined;
	/** What the network layer reported; bounded here by `errorTypeOf`. */
	errorType?: string | undefined;
}

export function recordClientRequest(request: ClientRequestRecord): void {
	record(({ requestDuration }) => {
		const attributes: Attributes = {
			'http.request.method': 'GET',
			...serverOf(request.baseUrl),
			'url.template': request.template,
		};
		if (request.status !== undefined) attributes['http.response.status_code'] = request.status;
		const errorType = errorTypeOf(request.errorType, request.status);
		if (errorType !== undefined) attributes['error.type'] = errorType;
		requestDuration.record(request.seconds, attributes);
	});
}

/** The codes the service documents (API.md, section 2.6). */
const SERVICE_TYPES: ReadonlySet<string> = new Set([
	'ERR_DB_MISSING',
	'ERR_INPUT_VALIDATION',
	'ERR_DB_READ',
]);

/** A code or an error's name from the local network stack (`ECONNREFUSED`, `TypeError`). */
const LOCAL_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

/**
 * `error.type` from a bounded set. With an answer, the reported type may be the service's own
 * text: only a documented code or a class of the package's is kept, a bare HTTP error is its
 * status (`503`), anything else `_OTHER`. Without one, it is `timeout` or the local error's code.
 */
export function errorTypeOf(
	reported: string | undefined,
	status: number | undefined,
): string | undefined {
	if (reported === undefined) return undefined;
	if (status === undefined) return LOCAL_NAME.test(reported) ? reported : '_OTHER';
	if (SERVICE_TYPES.has(reported) || ANSWER_ERROR_TYPES.has(reported)) return reported;
	return reported === HTTP_ERROR_TYPE && status >= 400 ? String(status) : '_OTHER';
}

const LOAD_OUTCOMES = ['ok', 'not_found', 'failed', 'shed'] as const;
export type LoadOutcome = (typeof LOAD_OUTCOMES)[number];

export function recordLoad(outcome: LoadOutcome, shared: boolean): void {
	record(({ loads }) => loads.add(1, { outcome, shared }));
}

const PURGE_OUTCOMES = ['ok', 'refused', 'timeout', 'error'] as const;
export type PurgeOutcome = (typeof PURGE_OUTCOMES)[number];

/** Each node's series at 0 when the provider learns its nodes, so a first failed purge shows. */
export function preparePurgeSeries(nodes: readonly string[]): void {
	record(({ purges }) => {
		for (const node of nodes)
			for (const outcome of PURGE_OUTCOMES) purges.add(0, { ...serverOf(node), outcome });
	});
}

/** One node's purge: every batch of one invalidation, confirmed or not. */
export function recordPurge(node: string, outcome: PurgeOutcome, seconds: number): void {
	record(({ purges, purgeDuration }) => {
		const attributes = { ...serverOf(node), outcome };
		purges.add(1, attributes);
		purgeDuration.record(seconds, attributes);
	});
}

export function recordWebhook(status: number): void {
	record(({ webhookRequests }) => webhookRequests.add(1, { 'http.response.status_code': status }));
}

const SEARCH_OUTCOMES = ['ok', 'bad_request', 'unavailable'] as const;
export type SearchOutcome = (typeof SEARCH_OUTCOMES)[number];

/** One search: its outcome only, never the words asked. */
export function recordSearch(outcome: SearchOutcome, seconds: number): void {
	record(({ searchRequests, searchDuration }) => {
		searchRequests.add(1, { outcome });
		searchDuration.record(seconds, { outcome });
	});
}

const servers = new Map<string, Attributes>();

/** `server.address` and `server.port` of a configured address (the port its scheme implies). */
function serverOf(address: string): Attributes {
	let server = servers.get(address);
	if (server) return server;
	const url = URL.parse(address);
	const port = url?.port ? Number(url.port) : url?.protocol === 'https:' ? 443 : 80;
	server = url ? { 'server.address': url.hostname, 'server.port': port } : {};
	// Configured addresses only (the service, the cache nodes): a handful per process.
	if (servers.size < 64) servers.set(address, server);
	return server;
}
