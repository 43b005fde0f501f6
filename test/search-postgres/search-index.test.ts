import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveLoaderOptions } from '../../integration/src/build-sync/loader-options.js';
import { clientFromResolved } from '../../integration/src/client/client.js';
import { SearchDatabaseError } from '../../integration/src/errors/errors.js';
import { closePools } from '../../integration/src/search-postgres/database.js';
import {
	checkSearchParams,
	type SearchTarget,
	searchFor,
	searchResponse,
} from '../../integration/src/search-postgres/endpoint.js';
import { editDistanceAtMostOne } from '../../integration/src/search-postgres/query.js';
import { reindexRefs } from '../../integration/src/search-postgres/reindex.js';
import { type PgPair, psql, standbyCaughtUp, startPostgres } from '../helpers/postgres.js';
import { total, useMeterProvider } from '../metrics/reader.js';
import {
	addReview,
	runIndexCli,
	type SearchCatalogue,
	startSearchCatalogue,
	WORDS,
} from './search-catalogue.js';

// `audio-reviews index` and the search it feeds, against Debian's PostgreSQL (a primary and a hot
// standby, started here) and the simulator: what is written, what a query finds, in what order.

const meter = useMeterProvider();
let pg: PgPair;
let catalogue: SearchCatalogue;
let env: Record<string, string>;

beforeAll(async () => {
	[pg, catalogue] = await Promise.all([startPostgres({ standby: true }), startSearchCatalogue()]);
	env = {
		AUDIO_REVIEWS_BASE_URL: catalogue.sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: catalogue.sim.websiteId,
		AUDIO_REVIEWS_LOCALES: 'fr,en',
		AUDIO_REVIEWS_SEARCH_DATABASE_URL: pg.primary.url,
	};
});

afterAll(async () => {
	await closePools();
	await catalogue?.sim.close();
	await pg?.close();
});

const target = (read?: string): SearchTarget => ({
	websiteId: catalogue.sim.websiteId,
	locales: ['fr', 'en'],
	productUrl: (ref, locale) => `/${locale}/products/${ref}/`,
	connection: { primary: pg.primary.url, read },
});

const search = (q: string, locale = 'en', read?: string) =>
	searchFor(target(read), { q, locale, limit: 10, offset: 0 });
const refsOf = async (q: string, locale = 'en') =>
	(await search(q, locale)).results.map((r) => r.ref);
const rowVersions = () =>
	psql(
		pg.primary,
		"SELECT string_agg(ref || locale || xmin::text, ',' ORDER BY ref, locale) FROM audio_reviews.documents",
	);

describe('audio-reviews index', () => {
	it('writes one entry per product and locale, then rewrites nothing on a run without change', async () => {
		const first = await runIndexCli(['--json'], env);
		expect(first.stderr).toBe('');
		expect(first.code).toBe(0);
		expect(first.json).toMatchObject({ indexed: 24, unchanged: 0, removed: 0, entries: 48 });
		expect((await psql(pg.primary, 'SELECT count(*) FROM audio_reviews.documents')).trim()).toBe(
			'48',
		);
		const versions = await rowVersions();

		const second = await runIndexCli(['--json'], env);
		expect(second.code).toBe(0);
		expect(second.json).toMatchObject({ indexed: 0, unchanged: 24, removed: 0 });
		// Same row versions: not one row was rewritten (an UPDATE, even to equal values, moves xmin).
		expect(await rowVersions()).toBe(versions);
	});

	it('finds a word only in the locale whose transcript holds it', async () => {
		expect(await refsOf(WORDS.english, 'en')).toEqual([catalogue.refs.englishOnly]);
		expect(await refsOf(WORDS.english, 'fr')).toEqual([]);
		expect(await refsOf('ecouteurs', 'en')).toEqual([]);
	});

	it('matches French plural and singular, with or without accents, and marks the word in the snippet', async () => {
		for (const q of ['écouteur', 'ecouteurs', 'ÉCOUTEURS', 'Ecouteur'])
			expect(await refsOf(q, 'fr'), q).toEqual([catalogue.refs.frenchOnly]);
		const [hit] = (await search('ecouteur', 'fr')).results;
		expect(hit!.snippet).toContain(`<mark>${WORDS.french}</mark>`);
		expect(hit!.url).toBe(`/fr/products/${catalogue.refs.frenchOnly}/`);
	});

	it('finds a word of five letters or more with one typo within the first five results', async () => {
		const typos = ['kaleidsocope', 'kaleidoscpe', 'kaleidosscope', 'kaleidoscooe'];
		for (const typo of typos) {
			expect(editDistanceAtMostOne(typo, WORDS.english), typo).toBe(true);
			expect((await refsOf(typo, 'en')).slice(0, 5), typo).toContain(catalogue.refs.englishOnly);
		}
		expect(editDistanceAtMostOne('kaleidoscope', 'kalediocsope')).toBe(false);
	});

	it('ranks a match in the name above a match in a transcript, whatever the rating', async () => {
		const answer = await search(WORDS.ranked, 'en');
		expect(answer.results.map((r) => r.ref)).toEqual([
			catalogue.refs.name,
			catalogue.refs.transcriptOnly,
		]);
		expect(answer.total).toBe(2);
		expect(answer.results[0]!.snippet).toContain(`<mark>${WORDS.ranked}</mark>`);
		expect(answer.results[1]!.rating).not.toBeNull();
	});

	it('escapes every character of a transcript holding markup and script: only <mark> is markup', async () => {
		const [hit] = (await search(WORDS.hostile, 'en')).results;
		expect(hit!.ref).toBe(catalogue.refs.hostile);
		expect(hit!.snippet).toContain(`<mark>${WORDS.hostile}</mark>`);
		expect(hit!.snippet).toContain('&lt;script&gt;');
		expect(hit!.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
	});

	it('pages with limit and offset, and counts past the last page', async () => {
		const all = await searchFor(target(), { q: 'the', locale: 'en', limit: 50, offset: 0 });
		const common = await searchFor(target(), { q: 'quality', locale: 'en', limit: 3, offset: 0 });
		expect(common.results.length).toBeLessThanOrEqual(3);
		const past = await searchFor(target(), {
			q: 'quality',
			locale: 'en',
			limit: 3,
			offset: 5000,
		});
		expect(past.results).toEqual([]);
		expect(past.total).toBe(common.total);
		// A stop word alone matches nothing, and is no error.
		expect(all.total).toBe(0);
	});

	it('refuses hostile parameters before any query, naming each', () => {
		const locales = ['fr', 'en'];
		const check = (query: string) => checkSearchParams(new URLSearchParams(query), locales);
		expect(check('q=%20%20')).toMatchObject({ ok: false, param: 'q' });
		expect(check(`q=${'a'.repeat(201)}`)).toMatchObject({ ok: false, param: 'q' });
		expect(check(`q=${'é'.repeat(200)}`)).toMatchObject({ ok: true });
		expect(check('q=x&locale=de')).toMatchObject({ ok: false, param: 'locale' });
		expect(check("q=x&locale=en'--")).toMatchObject({ ok: false, param: 'locale' });
		for (const limit of ['0', '-1', '1e3', '2.5', 'abc', '99999999999'])
			expect(check(`q=x&limit=${limit}`), limit).toMatchObject({ ok: false, param: 'limit' });
		for (const offset of ['-1', '10001', 'NaN', '0x10'])
			expect(check(`q=x&offset=${offset}`), offset).toMatchObject({ ok: false, param: 'offset' });
		expect(check('q=x&limit=1000')).toMatchObject({ ok: true, params: { limit: 50, offset: 0 } });
		expect(check('q=x')).toMatchObject({ ok: true, params: { locale: 'fr', limit: 10 } });
	});

	it('treats SQL and tsquery syntax in q as words', async () => {
		for (const q of ["'; DROP TABLE audio_reviews.documents; --", 'a & | ! ( ) :* <->', '\\', '%_'])
			expect((await search(q, 'en')).total, q).toBeGreaterThanOrEqual(0);
		expect((await psql(pg.primary, 'SELECT count(*) FROM audio_reviews.documents')).trim()).toBe(
			'48',
		);
	});
});

describe('freshness', () => {
	it("re-indexes an edited product and removes a deleted one through the webhook's call", async () => {
		const options = resolveLoaderOptions(
			{ baseUrl: catalogue.sim.baseUrl, websiteId: catalogue.sim.websiteId, locales: ['fr', 'en'] },
			'test',
		);
		const edited = catalogue.refs.englishOnly;
		addReview(catalogue.sim, edited, 'en', { transcript: 'Now with a harmonica inside.' });
		const gone = catalogue.refs.frenchOnly;
		catalogue.sim.removeProduct(gone);
		const outcome = await reindexRefs(clientFromResolved(options), options, pg.primary.url, [
			edited,
			gone,
		]);
		expect(outcome).toEqual({ indexed: 2, removed: 2 });
		expect(await refsOf('harmonica', 'en')).toEqual([edited]);
		expect(await refsOf('ecouteur', 'fr')).toEqual([]);
	});

	it('removes from the index what the service no longer has, on the next run', async () => {
		const removed = catalogue.sim.refs()[10]!;
		catalogue.sim.removeProduct(removed);
		const run = await runIndexCli(['--json'], env);
		expect(run.code).toBe(0);
		expect(run.json).toMatchObject({ indexed: 0, removed: 1 });
		expect(
			(
				await psql(
					pg.primary,
					`SELECT count(*) FROM audio_reviews.documents WHERE ref = '${removed}'`,
				)
			).trim(),
		).toBe('0');
	});

	it('leaves the index as it was when the service fails mid-run, naming the endpoint', async () => {
		const before = await rowVersions();
		const broken = catalogue.sim.refs()[12]!;
		catalogue.sim.updateProduct(catalogue.refs.name, { name: 'Renamed mid-run' });
		// The French pages go through (and are written in the run's transaction), then the English
		// list answers a product the schema refuses.
		catalogue.sim.onRequest((_req, info) => {
			if (info.query.get('locale') === 'en')
				catalogue.sim.updateProduct(broken, (product) => {
					(product as { name: unknown }).name = 42;
				});
		});
		try {
			const run = await runIndexCli(['--json'], env);
			expect(run.code).toBe(1);
			expect(run.stderr).toContain('GET /ws/websites/{websiteId}/products');
			expect(run.stderr).toContain(broken);
			expect(await rowVersions()).toBe(before);
			expect(await refsOf(WORDS.ranked, 'en')).toContain(catalogue.refs.name);
			expect((await search('Renamed', 'fr')).total).toBe(0);
		} finally {
			catalogue.sim.onRequest(undefined);
			catalogue.sim.updateProduct(broken, { name: 'Repaired' });
		}
	});

	it('refuses to run without a database, with usage exit code 2', async () => {
		const run = await runIndexCli([], { ...env, AUDIO_REVIEWS_SEARCH_DATABASE_URL: '' });
		expect(run.code).toBe(2);
		expect(run.stderr).toContain('AUDIO_REVIEWS_SEARCH_DATABASE_URL');
		const down = await runIndexCli(
			['--json', '--database-url', 'postgres://u:secret@127.0.0.1:1/x'],
			env,
		);
		expect(down.code).toBe(3);
		expect(down.stderr).toContain('127.0.0.1:1/x');
		expect(down.stderr).not.toContain('secret');
	});
});

describe('hot standby', () => {
	it('answers reads from the standby while the primary is stopped, and fails as unavailable when both are', async () => {
		await standbyCaughtUp(pg);
		const standby = pg.standby!.url;
		await closePools();
		await pg.primary.stop();
		try {
			const answer = await search('harmonica', 'en', standby);
			expect(answer.results.map((r) => r.ref)).toEqual([catalogue.refs.englishOnly]);
			await pg.standby!.stop();
			const failure = await search('harmonica', 'en', standby).catch((error: unknown) => error);
			expect(failure).toBeInstanceOf(SearchDatabaseError);
			expect((failure as SearchDatabaseError).unavailable).toBe(true);
		} finally {
			await pg.primary.start();
			await pg.standby!.start();
		}
		// The standby unreachable: reads fall back to the primary.
		await pg.standby!.stop();
		const fallback = await search('harmonica', 'en', standby);
		expect(fallback.total).toBe(1);
		await pg.standby!.start();
	});
});

describe('metrics', () => {
	it('counts searches by outcome and times them, with no query text in any attribute', async () => {
		const endpoint = (query: string, site: SearchTarget) =>
			searchResponse(new URL(`http://shop.test/_audio-reviews/search?${query}`), async () => site);
		const down = { ...target(), connection: { primary: 'postgres://u@127.0.0.1:1/x' } };
		const answers = [
			await endpoint(`q=${WORDS.ranked}&locale=en`, target()),
			await endpoint('q=&locale=en', target()),
			await endpoint(`q=${WORDS.ranked}`, down),
		];
		expect(answers.map((answer) => answer.status)).toEqual([200, 400, 503]);
		expect(answers[2]!.headers.get('retry-after')).toBe('10');
		const series = await meter.series();
		const count = (outcome: string) => total(series, 'audio_reviews.search.requests', { outcome });
		expect([count('ok'), count('bad_request'), count('unavailable')]).toEqual([1, 1, 1]);
		const searchSeries = series.filter((s) => s.name.startsWith('audio_reviews.search'));
		expect(searchSeries.map((s) => s.name)).toContain('audio_reviews.search.duration');
		for (const s of searchSeries) expect(Object.keys(s.attributes)).toEqual(['outcome']);
	});
});
