import type { PoolClient } from 'pg';
import { documentWords, type SearchDocument } from './documents.js';
import { configFor, SCHEMA } from './schema.js';

// The index's writes, each one statement over a batch (arrays through `unnest`, parameters only):
// a page of the catalogue costs one read of its digests and, when something changed, two writes.

/** The stored digests of `refs` in `locale`. */
export async function storedDigests(
	client: PoolClient,
	websiteId: string,
	locale: string,
	refs: readonly string[],
): Promise<Map<string, string>> {
	const result = await client.query<{ ref: string; digest: string }>(
		`SELECT ref, digest FROM ${SCHEMA}.documents
		 WHERE website_id = $1 AND locale = $2 AND ref = ANY($3::text[])`,
		[websiteId, locale, refs],
	);
	return new Map(result.rows.map((row) => [row.ref, row.digest]));
}

/** Writes `documents` (any locales), and their words to the typo table. */
export async function writeDocuments(
	client: PoolClient,
	websiteId: string,
	documents: readonly SearchDocument[],
): Promise<void> {
	if (documents.length === 0) return;
	const column = <T>(pick: (document: SearchDocument) => T) => documents.map(pick);
	await client.query(
		`INSERT INTO ${SCHEMA}.documents
			(website_id, locale, ref, config, name, description, body, rating, reviews, digest)
		 SELECT $1, d.locale, d.ref, d.config::regconfig, d.name, d.description, d.body, d.rating,
			d.reviews, d.digest
		 FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
			$8::real[], $9::integer[], $10::text[])
			AS d(locale, ref, config, name, description, body, rating, reviews, digest)
		 ON CONFLICT (website_id, locale, ref) DO UPDATE SET
			config = EXCLUDED.config, name = EXCLUDED.name, description = EXCLUDED.description,
			body = EXCLUDED.body, rating = EXCLUDED.rating, reviews = EXCLUDED.reviews,
			digest = EXCLUDED.digest, indexed_at = now()`,
		[
			websiteId,
			column((d) => d.locale),
			column((d) => d.ref),
			column((d) => configFor(d.locale)),
			column((d) => d.name),
			column((d) => d.description),
			column((d) => d.body),
			column((d) => d.rating),
			column((d) => d.reviews),
			column((d) => d.digest),
		],
	);
	for (const locale of new Set(documents.map((d) => d.locale))) {
		const words = documentWords(documents.filter((d) => d.locale === locale));
		if (words.length === 0) continue;
		await client.query(
			`INSERT INTO ${SCHEMA}.words (website_id, locale, word)
			 SELECT $1, $2, w FROM unnest($3::text[]) AS w ON CONFLICT DO NOTHING`,
			[websiteId, locale, words],
		);
	}
}

/** Removes `refs` in `locale`; returns the refs that were there. */
export async function removeDocuments(
	client: PoolClient,
	websiteId: string,
	locale: string,
	refs: readonly string[],
): Promise<string[]> {
	if (refs.length === 0) return [];
	const result = await client.query<{ ref: string }>(
		`DELETE FROM ${SCHEMA}.documents
		 WHERE website_id = $1 AND locale = $2 AND ref = ANY($3::text[]) RETURNING ref`,
		[websiteId, locale, refs],
	);
	return result.rows.map((row) => row.ref);
}
