import { SearchDatabaseError } from '../errors/errors.js';
import { recordSearch, type SearchOutcome } from '../metrics/instruments.js';
import type { SearchConnection } from './database.js';
import { type SearchHit, searchIndex } from './query.js';

// `GET /_audio-reviews/search`: parameters checked and bounded before any query, the search, and
// answers a caller can act on (400 naming the parameter, 503 with Retry-After while the database
// is away: the product pages never depend on it).

export const MAX_QUERY_CHARS = 200;
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 50;
/** Deep pages cost a sort of every match of a tier: nobody reads result 10,000 of a search box. */
export const MAX_OFFSET = 10_000;
export const RETRY_AFTER_SECONDS = 10;

/** What the search needs of the site: its website, locales, URLs and database. */
export interface SearchTarget {
	websiteId: string;
	/** The loader's locales, the default first. */
	locales: readonly string[];
	productUrl(ref: string, locale: string): string;
	/** Undefined when `AUDIO_REVIEWS_SEARCH_DATABASE_URL` is not set. */
	connection: SearchConnection | undefined;
}

export interface SearchParams {
	q: string;
	locale: string;
	limit: number;
	offset: number;
}

export interface SearchResult {
	ref: string;
	url: string;
	name: string;
	rating: number | null;
	reviews: number;
	snippet: string;
}

export interface SearchResponseBody {
	query: string;
	locale: string;
	/** Every match when `totalExact`; else more than this many. */
	total: number;
	totalExact: boolean;
	results: SearchResult[];
}

type Checked = { ok: true; params: SearchParams } | { ok: false; param: string; message: string };

const WHOLE = /^\d{1,9}$/;

export function checkSearchParams(query: URLSearchParams, locales: readonly string[]): Checked {
	const q = (query.get('q') ?? '').trim();
	const length = [...q].length;
	if (length < 1 || length > MAX_QUERY_CHARS)
		return bad('q', `Expected \`q\` to hold 1 to ${MAX_QUERY_CHARS} characters (got ${length})`);
	const locale = query.get('locale') ?? locales[0]!;
	if (!locales.includes(locale))
		return bad(
			'locale',
			`Expected \`locale\` to be one of ${locales.join(', ')} (got ${JSON.stringify(locale.slice(0, 20))})`,
		);
	const limitText = query.get('limit');
	if (limitText !== null && (!WHOLE.test(limitText) || Number(limitText) < 1))
		return bad(
			'limit',
			`Expected \`limit\` to be a whole number from 1 (at most ${MAX_LIMIT} are answered)`,
		);
	const offsetText = query.get('offset');
	if (offsetText !== null && (!WHOLE.test(offsetText) || Number(offsetText) > MAX_OFFSET))
		return bad('offset', `Expected \`offset\` to be a whole number from 0 to ${MAX_OFFSET}`);
	return {
		ok: true,
		params: {
			q,
			locale,
			limit: limitText === null ? DEFAULT_LIMIT : Math.min(MAX_LIMIT, Number(limitText)),
			offset: offsetText === null ? 0 : Number(offsetText),
		},
	};
}

function bad(param: string, message: string): Checked {
	return { ok: false, param, message };
}

/** The search itself, for the endpoint and the component's server-side results. */
export async function searchFor(
	target: SearchTarget,
	params: SearchParams,
): Promise<SearchResponseBody> {
	if (!target.connection)
		throw new SearchDatabaseError(
			'Search is on (`search: "postgres"`) but AUDIO_REVIEWS_SEARCH_DATABASE_URL is not set',
			{ host: 'none', unavailable: true },
		);
	const answer = await searchIndex(target.connection, { ...params, websiteId: target.websiteId });
	return {
		query: params.q,
		locale: params.locale,
		total: answer.total,
		totalExact: answer.totalExact,
		results: answer.hits.map((hit: SearchHit) => ({
			ref: hit.ref,
			url: target.productUrl(hit.ref, params.locale),
			name: hit.name,
			rating: hit.rating,
			reviews: hit.reviews,
			snippet: hit.snippet,
		})),
	};
}

export interface SearchLog {
	warn(message: string): void;
}

export async function searchResponse(
	requestUrl: URL,
	target: () => Promise<SearchTarget>,
	log?: SearchLog,
): Promise<Response> {
	const started = performance.now();
	const answer = (outcome: SearchOutcome, status: number, body: unknown, headers = {}) => {
		recordSearch(outcome, (performance.now() - started) / 1000);
		return json(status, body, headers);
	};
	let site: SearchTarget;
	try {
		site = await target();
	} catch (error) {
		log?.warn(`Search unavailable: ${(error as Error).message}`);
		return unavailable(answer, 'The search is not set up on this server.');
	}
	const checked = checkSearchParams(requestUrl.searchParams, site.locales);
	if (!checked.ok)
		return answer('bad_request', 400, {
			error: 'bad_request',
			param: checked.param,
			message: checked.message,
		});
	try {
		return answer('ok', 200, await searchFor(site, checked.params));
	} catch (error) {
		if (!(error instanceof SearchDatabaseError)) throw error;
		log?.warn(error.message);
		return unavailable(answer, 'The search index cannot be reached; try again shortly.');
	}
}

function unavailable(
	answer: (
		outcome: SearchOutcome,
		status: number,
		body: unknown,
		headers?: Record<string, string>,
	) => Response,
	message: string,
): Response {
	return answer(
		'unavailable',
		503,
		{ error: 'unavailable', message },
		{ 'Retry-After': String(RETRY_AFTER_SECONDS) },
	);
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
	return new Response(JSON.stringify(body), {
		status,
		headers: {
			'Content-Type': 'application/json; charset=utf-8',
			// Fresh once the webhook answered: never kept by a shared cache.
			'Cache-Control': 'no-store',
			'X-Content-Type-Options': 'nosniff',
			...headers,
		},
	});
}
