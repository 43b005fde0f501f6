import pLimit from 'p-limit';
import { localePlan } from '../build-sync/loader-options.js';
import type { AudioReviewsClient } from '../client/client.js';
import { NotFoundError } from '../errors/errors.js';
import type { ResolvedSharedOptions } from '../options/shared-options.js';
import { validateProduct } from '../schema/validate.js';
import { databaseHost, inTransaction, withConnection } from './database.js';
import { type SearchDocument, searchDocument } from './documents.js';
import { migrate } from './schema.js';
import { removeDocuments, writeDocuments } from './write-index.js';

// The webhook's share of freshness: the refs it purges are asked again from the single-product
// endpoint, in every locale, and written (or removed, when the service no longer has them) in one
// transaction before the webhook answers.

export interface ReindexOutcome {
	/** Entries (product × locale) written. */
	indexed: number;
	/** Entries removed: the service answered 404 for them. */
	removed: number;
}

/** Products asked at once: the webhook shares the loader's in-flight cap with visitors. */
const REINDEX_LOADS = 4;

export async function reindexRefs(
	client: AudioReviewsClient,
	options: ResolvedSharedOptions,
	databaseUrl: string,
	refs: readonly string[],
): Promise<ReindexOutcome> {
	const limit = pLimit(REINDEX_LOADS);
	const documents: SearchDocument[] = [];
	const gone = new Map<string, string[]>();
	const asks = localePlan(options).locales.flatMap((locale) =>
		refs.map((ref) =>
			limit(async () => {
				try {
					const raw = await client.getProductRaw(ref, { locale });
					const result = validateProduct(raw.product, { endpoint: 'getProduct', ref, locale });
					if (!result.success) throw result.error;
					documents.push(searchDocument(result.data, locale));
				} catch (error) {
					if (!(error instanceof NotFoundError)) throw error;
					gone.set(locale, [...(gone.get(locale) ?? []), ref]);
				}
			}),
		),
	);
	await Promise.all(asks);
	const websiteId = options.websiteId.toLowerCase();
	return withConnection(databaseUrl, 'Re-indexing', async (db) => {
		await migrate(db, databaseHost(databaseUrl));
		return inTransaction(db, async (tx) => {
			await writeDocuments(tx, websiteId, documents);
			let removed = 0;
			for (const [locale, missing] of gone)
				removed += (await removeDocuments(tx, websiteId, locale, missing)).length;
			return { indexed: documents.length, removed };
		});
	});
}
