import type { PoolClient } from 'pg';
import { type SearchConnection, withReadConnection } from './database.js';
import { foldWord, MIN_TYPO_WORD } from './documents.js';
import { COUNT_CAP, rankedPage } from './ranked-page.js';
import { configFor, SCHEMA } from './schema.js';
import { markedSnippet } from './snippet.js';

// One search: the words of the query, each widened to the indexed words one typo away when it is
// not itself one of them, matched in the locale's configuration (stems, no accents), ranked by the
// field matched (name, description, reviews), then rating, then review count (ranked-page.ts).

export interface SearchRequest {
	websiteId: string;
	locale: string;
	q: string;
	limit: number;
	offset: number;
	countCap?: number | undefined;
}

export interface SearchHit {
	ref: string;
	name: string;
	rating: number | null;
	reviews: number;
	/** Escaped HTML: only `<mark>` is markup. */
	snippet: string;
}

export interface SearchAnswer {
	/** Every match when `totalExact`; else the cap, and more match. */
	total: number;
	totalExact: boolean;
	hits: SearchHit[];
}

/** Words of a query searched at most: the rest is ignored, as a search box's long paste. */
export const MAX_QUERY_WORDS = 12;
const MAX_CORRECTIONS = 3;
const START = '\u0001';
const STOP = '\u0002';

export function queryWords(q: string): string[] {
	return [...q.matchAll(/[\p{L}\p{M}\p{N}]+/gu)].map((match) => match[0]).slice(0, MAX_QUERY_WORDS);
}

export async function searchIndex(
	connection: SearchConnection,
	request: SearchRequest,
): Promise<SearchAnswer> {
	const words = queryWords(request.q);
	if (words.length === 0) return { total: 0, totalExact: true, hits: [] };
	return withReadConnection(connection, 'Search', async (db) => {
		const websiteId = request.websiteId.toLowerCase();
		const groups = await withCorrections(db, websiteId, request.locale, words);
		const params: unknown[] = [websiteId, request.locale];
		const config = `$${params.push(configFor(request.locale))}::regconfig`;
		// Structure from counts only: every word travels as a parameter.
		const tsquery = groups
			.map(
				(group) =>
					`(${group.map((word) => `plainto_tsquery(${config}, $${params.push(word)})`).join(' || ')})`,
			)
			.join(' && ');
		const ranked = await rankedPage(db, { tsquery, params }, request, request.countCap);
		const exact = ranked.matches <= (request.countCap ?? COUNT_CAP);
		const total = exact ? ranked.matches : ranked.matches - 1;
		if (ranked.rows.length === 0) return { total, totalExact: exact, hits: [] };
		const at = params.length;
		const result = await db.query<{
			ref: string;
			name: string;
			rating: number | null;
			reviews: number;
			snippet: string;
		}>(
			`WITH q AS (SELECT ${tsquery} AS query)
			SELECT d.ref, d.name, d.rating, d.reviews,
				ts_headline(d.config,
					translate(CASE p.field WHEN 0 THEN d.name WHEN 1 THEN d.description
						ELSE coalesce((SELECT part FROM string_to_table(d.body, E'\\n\\n') AS part
							WHERE to_tsvector(d.config, part) @@ q.query LIMIT 1), d.body) END,
						'<>', E'\\x03\\x04'),
					q.query,
					'StartSel=${START}, StopSel=${STOP}, MaxWords=28, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "'
				) AS snippet
			FROM unnest($${at + 1}::text[], $${at + 2}::int[]) WITH ORDINALITY AS p(ref, field, n)
			JOIN ${SCHEMA}.documents d ON d.website_id = $1 AND d.locale = $2 AND d.ref = p.ref, q
			ORDER BY p.n`,
			[...params, ranked.rows.map((row) => row.ref), ranked.rows.map((row) => row.field)],
		);
		return {
			total,
			totalExact: exact,
			hits: result.rows.map((row) => ({
				ref: row.ref,
				name: row.name,
				rating: row.rating === null ? null : Math.round(row.rating * 10) / 10,
				reviews: row.reviews,
				snippet: markedSnippet(row.snippet, START, STOP),
			})),
		};
	});
}

/** Connections whose session already has the typo search's threshold. */
const lowThreshold = new WeakSet<PoolClient>();

/** Each word with the indexed words one typo away, when it is long enough and not indexed itself. */
async function withCorrections(
	db: PoolClient,
	websiteId: string,
	locale: string,
	words: string[],
): Promise<string[][]> {
	const folded = words.map(foldWord);
	const candidates = folded.filter(
		(word) => word.length >= MIN_TYPO_WORD && /^\p{L}+$/u.test(word),
	);
	const corrections = new Map<string, string[]>();
	if (candidates.length > 0) {
		// A swap of two letters shares few trigrams with the right word: a low threshold, then the
		// exact edit distance below.
		if (!lowThreshold.has(db)) {
			await db.query("SELECT set_config('pg_trgm.similarity_threshold', '0.2', false)");
			lowThreshold.add(db);
		}
		const result = await db.query<{ q: string; word: string }>(
			`SELECT t.q, c.word FROM unnest($3::text[]) AS t(q)
			 CROSS JOIN LATERAL (
				SELECT w.word FROM ${SCHEMA}.words w
				WHERE w.website_id = $1 AND w.locale = $2 AND w.word % t.q
				ORDER BY similarity(w.word, t.q) DESC LIMIT 16
			 ) c
			 WHERE NOT EXISTS (SELECT 1 FROM ${SCHEMA}.words e
				WHERE e.website_id = $1 AND e.locale = $2 AND e.word = t.q)`,
			[websiteId, locale, [...new Set(candidates)]],
		);
		for (const row of result.rows) {
			if (editDistanceAtMostOne(row.q, row.word)) {
				const list = corrections.get(row.q) ?? [];
				if (list.length < MAX_CORRECTIONS) list.push(row.word);
				corrections.set(row.q, list);
			}
		}
	}
	return words.map((word, index) => [word, ...(corrections.get(folded[index]!) ?? [])]);
}

/** One letter inserted, deleted or replaced, or two adjacent letters swapped (or none). */
export function editDistanceAtMostOne(a: string, b: string): boolean {
	if (a === b) return true;
	const x = [...a];
	const y = [...b];
	if (Math.abs(x.length - y.length) > 1) return false;
	let i = 0;
	while (i < x.length && i < y.length && x[i] === y[i]) i++;
	const rest = (from: string[], start: number) => from.slice(start).join('');
	if (x.length === y.length) {
		if (rest(x, i + 1) === rest(y, i + 1)) return true;
		return x[i] === y[i + 1] && x[i + 1] === y[i] && rest(x, i + 2) === rest(y, i + 2);
	}
	return x.length > y.length ? rest(x, i + 1) === rest(y, i) : rest(x, i) === rest(y, i + 1);
}
