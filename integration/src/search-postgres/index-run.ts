import type { PoolClient } from 'pg';
import { localePlan } from '../build-sync/loader-options.js';
import type { AudioReviewsClient } from '../client/client.js';
import { catalogueQuery, ReusedItem, syncCatalogue } from '../client/sync-catalogue.js';
import { SearchIndexBusyError } from '../errors/errors.js';
import type { ResolvedSharedOptions } from '../options/shared-options.js';
import { validateProduct } from '../schema/validate.js';
import { databaseHost, inTransaction, withConnection } from './database.js';
import { type SearchDocument, searchDocument } from './documents.js';
import { LOCK_SQL, migrate, SCHEMA } from './schema.js';
import { storedDigests, writeDocuments } from './write-index.js';

// One `audio-reviews index` run: every locale's catalogue streamed page by page (a page is held
// while it is compared and written, never the catalogue) into one transaction, so the index other
// sessions read stays the previous one until the commit, and a failure leaves it as it was. Which
// products were seen is kept in a temporary table, not in memory: whatever was not is removed.

export interface IndexOutcome {
	/** Distinct products with an entry written, in any locale. */
	indexed: number;
	/** Distinct products seen, none of whose entries changed. */
	unchanged: number;
	/** Distinct products whose entries left the index, in every locale they had. */
	removed: number;
	/** Entries (product × locale) the catalogue holds now. */
	entries: number;
	skipped: number;
}

/** Pages fetched ahead of the one being written. */
const MAX_PENDING_PAGES = 4;

export interface IndexRunOptions {
	databaseUrl: string;
	onWarning?: ((message: string) => void) | undefined;
}

export async function runIndex(
	client: AudioReviewsClient,
	options: ResolvedSharedOptions,
	run: IndexRunOptions,
): Promise<IndexOutcome> {
	const host = databaseHost(run.databaseUrl);
	return withConnection(run.databaseUrl, 'Indexing', async (db) => {
		await migrate(db, host);
		const locked = await db.query<{ locked: boolean }>(
			`SELECT pg_try_advisory_lock(${LOCK_SQL}) AS locked`,
		);
		if (!locked.rows[0]?.locked)
			throw new SearchIndexBusyError('Another `audio-reviews index` run holds the index', {
				host,
				unavailable: false,
			});
		try {
			return await inTransaction(db, (tx) => indexAll(tx, client, options, run));
		} finally {
			await db.query(`SELECT pg_advisory_unlock(${LOCK_SQL})`);
		}
	});
}

async function indexAll(
	db: PoolClient,
	client: AudioReviewsClient,
	options: ResolvedSharedOptions,
	run: IndexRunOptions,
): Promise<IndexOutcome> {
	const websiteId = options.websiteId.toLowerCase();
	await db.query(
		`CREATE TEMP TABLE seen (locale text, ref text, written boolean, PRIMARY KEY (locale, ref))
		 ON COMMIT DROP`,
	);
	let skipped = 0;
	for (const locale of localePlan(options).locales) {
		// Pages are handed over in order; the chain keeps one page's statements together.
		let chain: Promise<void> = Promise.resolve();
		const take = async (items: unknown[]) => {
			const documents: SearchDocument[] = [];
			for (const item of items) {
				if (item instanceof ReusedItem) continue;
				const result = validateProduct(item, { endpoint: 'listProducts', locale });
				if (result.success) documents.push(searchDocument(result.data, locale));
				else if (options.onInvalid === 'skip') {
					skipped++;
					run.onWarning?.(`Skipped an invalid product: ${result.error.message}`);
				} else throw result.error;
			}
			await indexPage(db, websiteId, locale, documents);
		};
		// The next pages are fetched while one is written; a few at most wait, so memory stays bounded.
		let pending = 0;
		const sync = syncCatalogue(client, {
			query: catalogueQuery(options, locale),
			pageSize: options.pageSize,
			onPage: async (items) => {
				pending++;
				chain = chain.then(() => take(items)).finally(() => pending--);
				if (pending >= MAX_PENDING_PAGES) await chain;
			},
			// A new snapshot: what the abandoned one saw proves nothing.
			onResync: () => {
				chain = chain.then(async () => {
					await db.query('DELETE FROM seen WHERE locale = $1', [locale]);
				});
			},
		});
		// A failed sync is the error to report; the writes queued before it are settled first.
		await sync.catch(async (error: unknown) => {
			await chain.catch(() => undefined);
			throw error;
		});
		await chain;
		await db
			.query(
				`DELETE FROM ${SCHEMA}.documents d WHERE d.website_id = $1 AND d.locale = $2
			 AND NOT EXISTS (SELECT 1 FROM seen s WHERE s.locale = d.locale AND s.ref = d.ref)
			 RETURNING d.ref`,
				[websiteId, locale],
			)
			.then(async (removed) => {
				if (removed.rowCount)
					await db.query('INSERT INTO seen SELECT $1, unnest($2::text[]), NULL', [
						`removed:${locale}`,
						removed.rows.map((row: { ref: string }) => row.ref),
					]);
			});
	}
	return outcomeOf(db, skipped);
}

/** One page: compare digests, write what changed, note what was seen. */
async function indexPage(
	db: PoolClient,
	websiteId: string,
	locale: string,
	documents: SearchDocument[],
): Promise<void> {
	if (documents.length === 0) return;
	const refs = documents.map((document) => document.ref);
	const stored = await storedDigests(db, websiteId, locale, refs);
	const changed = documents.filter((document) => stored.get(document.ref) !== document.digest);
	await writeDocuments(db, websiteId, changed);
	const written = new Set(changed.map((document) => document.ref));
	await db.query(
		`INSERT INTO seen SELECT $1, r, w FROM unnest($2::text[], $3::boolean[]) AS t(r, w)
		 ON CONFLICT (locale, ref) DO UPDATE SET written = seen.written OR EXCLUDED.written`,
		[locale, refs, refs.map((ref) => written.has(ref))],
	);
}

async function outcomeOf(db: PoolClient, skipped: number): Promise<IndexOutcome> {
	const result = await db.query<{
		indexed: string;
		unchanged: string;
		removed: string;
		entries: string;
	}>(`
		WITH present AS (SELECT ref, bool_or(written) AS written FROM seen
			WHERE written IS NOT NULL GROUP BY ref),
		gone AS (SELECT DISTINCT ref FROM seen WHERE written IS NULL)
		SELECT
			(SELECT count(*) FROM present WHERE written) AS indexed,
			(SELECT count(*) FROM present WHERE NOT written) AS unchanged,
			(SELECT count(*) FROM gone WHERE ref NOT IN (SELECT ref FROM present)) AS removed,
			(SELECT count(*) FROM seen WHERE written IS NOT NULL) AS entries`);
	const row = result.rows[0]!;
	return {
		indexed: Number(row.indexed),
		unchanged: Number(row.unchanged),
		removed: Number(row.removed),
		entries: Number(row.entries),
		skipped,
	};
}
