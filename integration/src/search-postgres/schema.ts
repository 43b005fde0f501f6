import type { PoolClient } from 'pg';
import { SearchDatabaseError } from '../errors/errors.js';

// What the package creates in the schema `audio_reviews`, on first use, idempotently: one
// migration per version, run under an advisory lock so two processes starting at once never race.
// Text search configurations per language: PostgreSQL's own stemmer with `unaccent` in front (so
// "écouteurs" and "ecouteur" meet), and `simple` with `unaccent` for the languages without one.

export const SCHEMA = 'audio_reviews';
const VERSION = 2;
/** One lock key for migrations and index runs: `hashtext('astro-audio-reviews.search')`. */
export const LOCK_SQL = "hashtext('astro-audio-reviews.search')";

/** The languages PostgreSQL ships a Snowball stemmer for, by the locale's language subtag. */
export const STEMMED: Readonly<Record<string, string>> = {
	da: 'danish',
	de: 'german',
	en: 'english',
	es: 'spanish',
	fr: 'french',
	it: 'italian',
	nl: 'dutch',
	pt: 'portuguese',
	sv: 'swedish',
};

/** The text search configuration a locale's entries are indexed and queried with. */
export function configFor(locale: string): string {
	const language = locale.split('-')[0]!.toLowerCase();
	return `${SCHEMA}.${language in STEMMED ? language : 'simple'}`;
}

const EXTENSIONS = ['pg_trgm', 'unaccent'] as const;

/** Creates or completes the schema; a no-op (two catalogue reads) once it is current. */
export async function migrate(client: PoolClient, host: string): Promise<void> {
	const current = await schemaVersion(client);
	if (current >= VERSION) return;
	await client.query('BEGIN');
	try {
		await client.query(`SELECT pg_advisory_xact_lock(${LOCK_SQL})`);
		// Another process may have migrated while this one waited for the lock.
		const found = await schemaVersion(client);
		if (found < 1) await migrateToV1(client, host);
		if (found < 2) await migrateToV2(client);
		await client.query('COMMIT');
	} catch (error) {
		await client.query('ROLLBACK').catch(() => undefined);
		throw error;
	}
}

async function schemaVersion(client: PoolClient): Promise<number> {
	const found = await client.query<{ exists: boolean }>(
		"SELECT to_regclass('audio_reviews.schema_version') IS NOT NULL AS exists",
	);
	if (!found.rows[0]?.exists) return 0;
	const version = await client.query<{ version: number }>(
		'SELECT max(version) AS version FROM audio_reviews.schema_version',
	);
	return version.rows[0]?.version ?? 0;
}

/** The schema each extension lives in, creating it when missing and this role may. */
async function extensionSchemas(client: PoolClient, host: string): Promise<Map<string, string>> {
	const schemas = new Map<string, string>();
	for (const name of EXTENSIONS) {
		let found = await extensionSchema(client, name);
		if (found === undefined) {
			await client.query('SAVEPOINT extension');
			try {
				await client.query(`CREATE EXTENSION IF NOT EXISTS ${name}`);
				await client.query('RELEASE SAVEPOINT extension');
			} catch (error) {
				await client.query('ROLLBACK TO SAVEPOINT extension');
				throw new SearchDatabaseError(
					`The extension ${name} is missing and this role may not create it (${(error as Error).message}): as a superuser, run CREATE EXTENSION pg_trgm; CREATE EXTENSION unaccent; in this database (docs/on-demand.md, "Search")`,
					{ host, unavailable: false, cause: error },
				);
			}
			found = await extensionSchema(client, name);
		}
		schemas.set(name, found!);
	}
	return schemas;
}

async function extensionSchema(client: PoolClient, name: string): Promise<string | undefined> {
	const result = await client.query<{ nspname: string }>(
		'SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = $1',
		[name],
	);
	return result.rows[0]?.nspname;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function migrateToV1(client: PoolClient, host: string): Promise<void> {
	await client.query(`CREATE SCHEMA IF NOT EXISTS ${SCHEMA}`);
	const extensions = await extensionSchemas(client, host);
	const unaccent = `${quoteIdent(extensions.get('unaccent')!)}.unaccent`;
	const trgm = `${quoteIdent(extensions.get('pg_trgm')!)}.gin_trgm_ops`;
	const configs = [...Object.entries(STEMMED), ['simple', 'simple']] as const;
	for (const [language, parser] of configs) {
		const exists = await client.query(
			`SELECT 1 FROM pg_ts_config c JOIN pg_namespace n ON n.oid = c.cfgnamespace
			 WHERE n.nspname = '${SCHEMA}' AND c.cfgname = $1`,
			[language],
		);
		if (exists.rowCount) continue;
		const stem = parser === 'simple' ? 'simple' : `${parser}_stem`;
		await client.query(
			`CREATE TEXT SEARCH CONFIGURATION ${SCHEMA}.${language} (COPY = pg_catalog.${parser})`,
		);
		// Every word kind: accents go before the stemmer, in the ASCII ones too (a no-op there).
		await client.query(
			`ALTER TEXT SEARCH CONFIGURATION ${SCHEMA}.${language}
			 ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part
			 WITH ${unaccent}, ${stem}`,
		);
	}
	await client.query(`
		CREATE TABLE IF NOT EXISTS ${SCHEMA}.documents (
			website_id uuid NOT NULL,
			locale text NOT NULL,
			ref text NOT NULL,
			config regconfig NOT NULL,
			name text NOT NULL,
			description text NOT NULL,
			body text NOT NULL,
			rating real,
			reviews integer NOT NULL,
			digest text NOT NULL,
			indexed_at timestamptz NOT NULL DEFAULT now(),
			-- Name and description alone: which field a match is in, read without the transcripts.
			head tsvector GENERATED ALWAYS AS (
				setweight(to_tsvector(config, name), 'A') ||
				setweight(to_tsvector(config, description), 'B')
			) STORED,
			document tsvector GENERATED ALWAYS AS (
				setweight(to_tsvector(config, name), 'A') ||
				setweight(to_tsvector(config, description), 'B') ||
				setweight(to_tsvector(config, body), 'C')
			) STORED,
			PRIMARY KEY (website_id, locale, ref)
		)`);
	await client.query(
		`CREATE INDEX IF NOT EXISTS documents_document ON ${SCHEMA}.documents USING gin (document)`,
	);
	// The words of the index, unaccented and lower-cased, that a mistyped word is corrected to.
	await client.query(`
		CREATE TABLE IF NOT EXISTS ${SCHEMA}.words (
			website_id uuid NOT NULL,
			locale text NOT NULL,
			word text NOT NULL,
			PRIMARY KEY (website_id, locale, word)
		)`);
	await client.query(
		`CREATE INDEX IF NOT EXISTS words_trigrams ON ${SCHEMA}.words USING gin (word ${trgm})`,
	);
	await client.query(
		`CREATE TABLE IF NOT EXISTS ${SCHEMA}.schema_version (version integer NOT NULL)`,
	);
	await client.query(`INSERT INTO ${SCHEMA}.schema_version (version) VALUES (1)`);
}

/** A vector with its row's locale as a lexeme: its GIN index finds one locale's rows alone. */
export const located = (vector: string, locale = 'locale') =>
	`(${vector} || array_to_tsvector(ARRAY[E'\\x01' || ${locale}]))`;

// ranked-page.ts's indexes; `documents_document` stays for servers on version 1's query.
async function migrateToV2(client: PoolClient): Promise<void> {
	const gin = (name: string, vector: string) =>
		client.query(
			`CREATE INDEX IF NOT EXISTS ${name} ON ${SCHEMA}.documents USING gin (${located(vector)})`,
		);
	await gin('documents_name', "ts_filter(head, '{a}')");
	await gin('documents_head', 'head');
	await gin('documents_located', 'document');
	await client.query(
		`CREATE INDEX IF NOT EXISTS documents_order ON ${SCHEMA}.documents
		 (website_id, locale, rating DESC NULLS LAST, reviews DESC, ref)`,
	);
	await client.query(`INSERT INTO ${SCHEMA}.schema_version (version) VALUES (2)`);
}
