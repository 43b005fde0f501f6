import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pluralTemplates } from '../../integration/src/pages/search-words.js';
import { closePools } from '../../integration/src/search-postgres/database.js';
import { searchFor } from '../../integration/src/search-postgres/endpoint.js';
import { searchIndex } from '../../integration/src/search-postgres/query.js';
import { COUNT_CAP } from '../../integration/src/search-postgres/ranked-page.js';
import { uiText } from '../../integration/src/words/ui-text.js';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { type PgPair, psql, startPostgres } from '../helpers/postgres.js';
import { addReview, runIndexCli } from './search-catalogue.js';

// The search's order across its tiers (name, description, reviews) and its count past the cap,
// against Debian's PostgreSQL: every page of a word found in all three fields, with the cap
// lowered below the number of matches so each way of reading a tier (its index, capped or whole,
// or the rating order) is taken, checked against the order the contract gives, computed here.

const WORD = 'marimba';
/** In the name of 3 products, the description of 2 (not their name), the reviews of 8 others. */
const TIERS = [3, 2, 8] as const;
const MATCHES = TIERS[0] + TIERS[1] + TIERS[2];

let pg: PgPair;
let sim: Simulator;
let env: Record<string, string>;
const tierOf = new Map<string, number>();

beforeAll(async () => {
	[pg, sim] = await Promise.all([
		startPostgres(),
		startSimulator({ products: 30, seed: 5, locales: ['fr', 'en'] }),
	]);
	const refs = sim.refs();
	let next = 0;
	for (const [tier, count] of TIERS.entries())
		for (let i = 0; i < count; i++) {
			const ref = refs[next++]!;
			tierOf.set(ref, tier);
			if (tier === 0) sim.updateProduct(ref, { name: `Studio ${WORD} ${i}` });
			else if (tier === 1)
				sim.updateProduct(ref, { seo_description: `A stand that carries a ${WORD} well.` });
			// Ratings 1 to 5 over the transcript tier, so its order is not the catalogue's.
			else
				addReview(sim, ref, 'en', {
					transcript: `We play the ${WORD} on it every evening.`,
					rating: 1 + (i % 5),
				});
		}
	env = {
		AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
		AUDIO_REVIEWS_LOCALES: 'fr,en',
		AUDIO_REVIEWS_SEARCH_DATABASE_URL: pg.primary.url,
	};
	const run = await runIndexCli(['--json'], env);
	expect(run.code, run.stderr).toBe(0);
});

afterAll(async () => {
	await closePools();
	await sim?.close();
	await pg?.close();
});

/** The contract's order, from the index's own numbers: field, rating (none last), reviews, ref. */
async function expectedOrder(): Promise<string[]> {
	const rows = (
		await psql(
			pg.primary,
			`SELECT ref, coalesce(rating::text, ''), reviews FROM audio_reviews.documents
			 WHERE locale = 'en' AND ref IN (${[...tierOf.keys()].map((ref) => `'${ref}'`).join(',')})`,
		)
	)
		.trim()
		.split('\n')
		.map((line) => {
			const [ref, rating, reviews] = line.split('|');
			return { ref: ref!, rating: rating ? Number(rating) : -1, reviews: Number(reviews) };
		});
	const byte = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
	return rows
		.sort(
			(a, b) =>
				tierOf.get(a.ref)! - tierOf.get(b.ref)! ||
				b.rating - a.rating ||
				b.reviews - a.reviews ||
				byte(a.ref, b.ref),
		)
		.map((row) => row.ref);
}

const search = (limit: number, offset: number, countCap?: number) =>
	searchIndex(
		{ primary: pg.primary.url },
		{ websiteId: sim.websiteId, locale: 'en', q: WORD, limit, offset, countCap },
	);

describe('tiers', () => {
	it('finds the word in each field where it was put', async () => {
		const order = await expectedOrder();
		expect(order).toHaveLength(MATCHES);
		const all = await search(50, 0);
		expect(all.hits.map((hit) => hit.ref)).toEqual(order);
		expect(all.hits.map((hit) => tierOf.get(hit.ref))).toEqual(
			TIERS.flatMap((count, tier) => Array<number>(count).fill(tier)),
		);
		expect({ total: all.total, totalExact: all.totalExact }).toEqual({
			total: MATCHES,
			totalExact: true,
		});
	});

	it('keeps the order on every page, across tier boundaries, whatever the cap', async () => {
		const order = await expectedOrder();
		// Below the matches, a cap makes tiers "many" (read in rating order, or their index whole).
		for (const cap of [COUNT_CAP, 6, 2])
			for (const limit of [1, 3])
				for (let offset = 0; offset <= MATCHES; offset++) {
					const answer = await search(limit, offset, cap);
					const where = `cap ${cap}, limit ${limit}, offset ${offset}`;
					expect(
						answer.hits.map((hit) => hit.ref),
						where,
					).toEqual(order.slice(offset, offset + limit));
					expect({ total: answer.total, totalExact: answer.totalExact }, where).toEqual(
						MATCHES <= cap
							? { total: MATCHES, totalExact: true }
							: { total: cap, totalExact: false },
					);
				}
	});

	it('counts past the cap as "more than", and pages past the first tier with it', async () => {
		const order = await expectedOrder();
		const page = await search(3, TIERS[0] + 1, 4);
		expect(page.total).toBe(4);
		expect(page.totalExact).toBe(false);
		expect(page.hits.map((hit) => hit.ref)).toEqual(order.slice(4, 7));
		expect(page.hits.map((hit) => tierOf.get(hit.ref))).toEqual([1, 2, 2]);
		// A page past the last match: no result, the count as on the first page.
		const past = await search(3, MATCHES + 5, 4);
		expect(past.hits).toEqual([]);
		expect({ total: past.total, totalExact: past.totalExact }).toEqual({
			total: 4,
			totalExact: false,
		});
	});

	it('answers totalExact through the endpoint', async () => {
		const answer = await searchFor(
			{
				websiteId: sim.websiteId,
				locales: ['fr', 'en'],
				productUrl: (ref, locale) => `/${locale}/products/${ref}/`,
				connection: { primary: pg.primary.url },
			},
			{ q: WORD, locale: 'en', limit: 10, offset: 0 },
		);
		expect(answer).toMatchObject({ total: MATCHES, totalExact: true });
		expect(answer.results).toHaveLength(10);
	});
});

describe('a capped count in words', () => {
	it('reads "more than" in French and English, and in the browser script\'s templates', () => {
		expect(uiText('en')('searchResultsMore', { count: COUNT_CAP })).toBe(
			'More than 1,000 products found',
		);
		expect(uiText('fr')('searchResultsMore', { count: COUNT_CAP })).toBe(
			'Plus de 1\u202f000 produits trouvés',
		);
		expect(pluralTemplates(uiText('fr'), 'searchResultsMore', 'fr')).toMatchObject({
			one: 'Plus de {count} produit trouvé',
			other: 'Plus de {count} produits trouvés',
		});
	});
});

describe('schema', () => {
	it('migrates an index of version 1 to version 2 on the next run, keeping its rows', async () => {
		// What version 1 left: no tier indexes, version 1 alone.
		await psql(
			pg.primary,
			`DROP INDEX audio_reviews.documents_name, audio_reviews.documents_head,
				audio_reviews.documents_located, audio_reviews.documents_order;
			 DELETE FROM audio_reviews.schema_version WHERE version > 1`,
		);
		const before = await psql(pg.primary, 'SELECT count(*) FROM audio_reviews.documents');
		const run = await runIndexCli(['--json'], env);
		expect(run.code, run.stderr).toBe(0);
		expect(run.json).toMatchObject({ indexed: 0, removed: 0 });
		expect(await psql(pg.primary, 'SELECT count(*) FROM audio_reviews.documents')).toBe(before);
		expect(
			(
				await psql(
					pg.primary,
					`SELECT string_agg(indexname, ',' ORDER BY indexname) FROM pg_indexes
					 WHERE schemaname = 'audio_reviews' AND tablename = 'documents'`,
				)
			).trim(),
		).toBe(
			'documents_document,documents_head,documents_located,documents_name,documents_order,documents_pkey',
		);
		expect(
			(await psql(pg.primary, 'SELECT max(version) FROM audio_reviews.schema_version')).trim(),
		).toBe('2');
		// Run again: nothing to migrate, nothing rewritten.
		const again = await runIndexCli(['--json'], env);
		expect(again.json).toMatchObject({ indexed: 0, removed: 0 });
		expect((await search(50, 0)).hits).toHaveLength(MATCHES);
	});
});
