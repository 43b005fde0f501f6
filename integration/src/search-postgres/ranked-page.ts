import type { PoolClient } from 'pg';
import { located, SCHEMA } from './schema.js';

// A page in the contract's order (field matched, rating, review count, ref) without sorting every
// match: each field is a tier read on its own, only as far as the page needs; from its GIN index
// when it holds few candidates, else in the rating order of `documents_order`, filtered.

/** Matches counted exactly up to here; past it the answer says "more than" this many. */
export const COUNT_CAP = 1000;
/** A tier with more candidates is read in rating order: its page is in that order's first rows. */
const MANY = 200;

export type Field = 0 | 1 | 2;

export interface RankedRow {
	ref: string;
	field: Field;
}

/** The query's words as SQL: `tsquery` an expression of `params` ($1 website, $2 locale first). */
export interface MatchQuery {
	tsquery: string;
	params: unknown[];
}

export interface RankedPage {
	matches: number;
	rows: RankedRow[];
}

const NAME = `ts_filter(d.head, '{a}')`;
const ORDER = 'd.rating DESC NULLS LAST, d.reviews DESC, d.ref';

// Ordered reads test with `ts_match_vq` (`@@` as a function): the planner keeps the rating order.
const TIERS: readonly { vector: string; not?: string }[] = [
	{ vector: NAME },
	{ vector: 'd.head', not: NAME },
	{ vector: 'd.document', not: 'd.head' },
];

type Read = 'capped' | 'ordered' | 'all';

export async function rankedPage(
	db: PoolClient,
	query: MatchQuery,
	page: { limit: number; offset: number },
	cap = COUNT_CAP,
): Promise<RankedPage> {
	const q = `WITH w AS MATERIALIZED (SELECT ${query.tsquery} AS query),
		q AS MATERIALIZED (SELECT query, CASE WHEN numnode(query) = 0 THEN query
			ELSE query && quote_literal(E'\\x01' || $2)::tsquery END AS located FROM w)`;
	const need = page.offset + page.limit;
	const many = Math.min(MANY, cap);
	const at = query.params.length;
	// `capped` (`many + 1` at most) and `all` read the GIN index: the tsquery in a CTE is opaque.
	const read = async (field: Field, how: Read, withTotal = false) => {
		const tier = TIERS[field]!;
		const where = [
			'd.website_id = $1 AND d.locale = $2',
			...(tier.not ? [`NOT ts_match_vq(${tier.not}, q.query)`] : []),
			how === 'ordered'
				? `ts_match_vq(${tier.vector}, q.query)`
				: `${located(tier.vector, 'd.locale')} @@ q.located`,
		].join(' AND ');
		const total = withTotal
			? `(SELECT count(*) FROM (SELECT 1 FROM ${SCHEMA}.documents d, q
				WHERE d.website_id = $1 AND d.locale = $2 AND ${located('d.document', 'd.locale')} @@ q.located
				LIMIT ${cap + 1}) c)`
			: '0';
		const sql =
			how === 'ordered'
				? `${q}, t AS (SELECT d.ref FROM ${SCHEMA}.documents d, q WHERE ${where}
					ORDER BY ${ORDER} LIMIT $${at + 1})
					SELECT ${total} AS total, 0 AS found, ARRAY(SELECT ref FROM t) AS refs`
				: `${q}, t AS MATERIALIZED (SELECT d.ref, d.rating, d.reviews FROM ${SCHEMA}.documents d, q
					WHERE ${where} ${how === 'capped' ? `LIMIT ${many + 1}` : ''})
					SELECT ${total} AS total, (SELECT count(*) FROM t) AS found,
						ARRAY(SELECT d.ref FROM t d ORDER BY ${ORDER} LIMIT $${at + 1}) AS refs`;
		const result = await db.query<{ total: string; found: string; refs: string[] }>(sql, [
			...query.params,
			need - rows.length,
		]);
		const row = result.rows[0]!;
		return { total: Number(row.total), found: Number(row.found), refs: row.refs };
	};
	const rows: RankedRow[] = [];
	let matches = 0;
	for (const field of [0, 1, 2] as const) {
		if (field > 0 && rows.length >= need) break;
		// Few matches: every tier is few. Else a tier past `many` is read in order (a deep page: whole).
		const dense = field === 0 || matches > cap;
		const past = need <= many / 2 ? 'ordered' : 'all';
		let tier = await read(field, !dense ? 'all' : field === 2 ? past : 'capped', field === 0);
		if (field === 0) matches = tier.total;
		if (field < 2 && dense && tier.found > many) tier = await read(field, past);
		for (const ref of tier.refs) rows.push({ ref, field });
	}
	return { matches, rows: rows.slice(page.offset, need) };
}
