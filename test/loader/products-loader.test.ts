import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productsLoader } from '../../integration/src/entries/loaders.js';
import { NotFoundError } from '../../integration/src/errors/errors.js';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { createLoaderContext } from '../helpers/loader-context.js';

const fast = { retryBaseDelayMs: 5, retryMaxDelayMs: 20 } as const;
const query = { without: 'inactive' } as const;

let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator({ products: 320, locales: ['fr', 'en'], seed: 21, maxLimit: 100 });
});
afterAll(() => sim.close());

const options = (extra: Record<string, unknown> = {}) => ({
	baseUrl: sim.baseUrl,
	websiteId: sim.websiteId,
	...fast,
	...extra,
});

describe('productsLoader', () => {
	it('stores the whole catalogue of one locale, keyed by external_id, equal to the service data', async () => {
		const t = createLoaderContext();
		await productsLoader(options({ locale: 'en' })).load(t.context);
		const expected = sim.listAll({ ...query, locale: 'en' });
		expect([...t.entries.keys()]).toEqual(expected.map((p) => p.external_id));
		for (const product of expected)
			expect(t.entries.get(product.external_id)!.data).toEqual(product);
		const summary = t.logs.find((l) => l.level === 'info' && l.message.startsWith('Synced'));
		expect(summary?.message).toContain(`Synced ${expected.length} products (en)`);
		expect(summary?.message).toContain(
			`${expected.length} added, 0 updated, 0 removed, 0 unchanged`,
		);
	});

	it('with `locales`, syncs each locale and keys entries `<locale>/<external_id>`', async () => {
		const t = createLoaderContext();
		await productsLoader(options({ locales: ['fr', 'en'] })).load(t.context);
		const fr = sim.listAll({ ...query, locale: 'fr' });
		const en = sim.listAll({ ...query, locale: 'en' });
		expect(t.entries.size).toBe(fr.length + en.length);
		expect(t.entries.get(`fr/${fr[0]!.external_id}`)!.data).toEqual(fr[0]);
		expect(t.entries.get(`en/${en[0]!.external_id}`)!.data).toEqual(en[0]);
	});

	it('rewrites nothing when nothing changed, then exactly what changed, and removes what is gone', async () => {
		const loader = productsLoader(options({ locale: 'fr' }));
		const first = createLoaderContext();
		await loader.load(first.context);

		const second = createLoaderContext(first);
		await loader.load(second.context);
		expect(second.writes).toEqual([]);

		const [changed, removed] = sim.refs();
		sim.updateProduct(changed!, { seo_name: 'A brand new SEO name' });
		sim.removeProduct(removed!);
		const added = sim.addProduct();
		try {
			const third = createLoaderContext(first);
			await loader.load(third.context);
			expect(third.writes.sort()).toEqual([changed!, added].sort());
			expect(third.entries.has(removed!)).toBe(false);
			expect((third.entries.get(changed!)!.data as { seo_name: string }).seo_name).toBe(
				'A brand new SEO name',
			);
			const summary = third.logs.find((l) => l.message.startsWith('Synced'))!.message;
			expect(summary).toMatch(/1 added, 1 updated, 1 removed, \d+ unchanged/);
		} finally {
			sim.removeProduct(added);
		}
	});

	it('loads `refs` through the single-product endpoint only', async () => {
		const refs = sim.refs().slice(0, 5);
		sim.resetStats();
		const t = createLoaderContext();
		await productsLoader(options({ refs, locales: ['fr', 'en'] })).load(t.context);
		expect(sim.stats.list).toBe(0);
		expect(sim.stats.single).toBe(10);
		expect([...t.entries.keys()].sort()).toEqual(
			[...refs.map((r) => `fr/${r}`), ...refs.map((r) => `en/${r}`)].sort(),
		);
		expect(t.entries.get(`en/${refs[0]}`)!.data).toEqual(
			sim.getProduct(refs[0]!, { locale: 'en' }),
		);
	});

	it('fails on a ref in `refs` that does not exist, naming it', async () => {
		const t = createLoaderContext();
		const error = await productsLoader(options({ refs: [sim.refs()[0]!, 'ghost-product'] }))
			.load(t.context)
			.catch((e: unknown) => e);
		expect((error as Error).message).toContain('"ghost-product"');
		expect((error as Error).message).toContain('ERR_DB_MISSING');
	});

	it('fails for a website the service does not know, echoing the websiteId and saying to check it', async () => {
		const websiteId = randomUUID();
		const t = createLoaderContext();
		const error = await productsLoader(options({ websiteId }))
			.load(t.context)
			.catch((e: unknown) => e);
		expect(error).toBeInstanceOf(NotFoundError);
		expect((error as Error).message).toContain(
			`the service knows no website "${websiteId}": check \`websiteId\``,
		);
		expect((error as Error).message).toContain('type ERR_DB_MISSING');
	});

	it('fails on an invalid product naming its ref and the field path, or skips it with a warning', async () => {
		const ref = sim
			.listAll({ ...query, locale: 'fr' })
			.filter((p) => p.reviews.length > 0)[7]!.external_id;
		sim.updateProduct(ref, (product) => {
			const review = product.reviews.find(
				(r) => r.locale === 'fr' && r.is_active && r.validated && !r.awaitingValidation,
			);
			if (review) review.rating = 7;
		});
		try {
			const path = `reviews[${sim.getProduct(ref, { locale: 'fr' }).reviews.findIndex((r) => r.rating === 7)}].rating`;
			const strict = createLoaderContext();
			const error = await productsLoader(options({ locale: 'fr' }))
				.load(strict.context)
				.catch((e: unknown) => e);
			expect((error as Error).message).toContain(JSON.stringify(ref));
			expect((error as Error).message).toContain(path);
			expect(strict.logs.some((l) => l.level === 'error' && l.message.includes(path))).toBe(true);

			const lenient = createLoaderContext();
			await productsLoader(options({ locale: 'fr', onInvalid: 'skip' })).load(lenient.context);
			expect(lenient.entries.has(ref)).toBe(false);
			expect(lenient.entries.size).toBe(sim.listAll({ ...query, locale: 'fr' }).length - 1);
			const warning = lenient.logs.find((l) => l.level === 'warn');
			expect(warning?.message).toContain(JSON.stringify(ref));
			expect(warning?.message).toContain(path);
		} finally {
			sim.updateProduct(ref, (product) => {
				for (const review of product.reviews) if (review.rating === 7) review.rating = 4;
			});
		}
	});

	it('stores identical data under a 30% error rate', async () => {
		const clean = createLoaderContext();
		await productsLoader(options({ locales: ['fr', 'en'] })).load(clean.context);
		sim.setFaults({ errorRate: 0.3 });
		try {
			// An empty store and meta beside the clean sync's content dates, which the entries carry.
			const flaky = createLoaderContext({ ...clean, entries: new Map(), meta: new Map() });
			await productsLoader(options({ locales: ['fr', 'en'], retries: 12 })).load(flaky.context);
			expect([...flaky.entries.entries()]).toEqual([...clean.entries.entries()]);
		} finally {
			sim.setFaults({ errorRate: 0 });
		}
	});

	it('fails naming the endpoint and the error when the service is down', async () => {
		sim.setFaults({ outage: true });
		try {
			const t = createLoaderContext();
			const error = await productsLoader(options({ retries: 2 }))
				.load(t.context)
				.catch((e: unknown) => e);
			expect((error as Error).message).toContain('GET /ws/websites/{websiteId}/products');
			expect((error as Error).message).toContain('HTTP 503');
			expect(t.entries.size).toBe(0);
		} finally {
			sim.setFaults({ outage: false });
		}
	});

	it('logs progress on long syncs', async () => {
		const slow = await startSimulator({
			products: 900,
			locales: ['fr', 'en'],
			seed: 2,
			maxLimit: 100,
			latencyMs: 450,
		});
		try {
			const t = createLoaderContext();
			await productsLoader({
				baseUrl: slow.baseUrl,
				websiteId: slow.websiteId,
				locales: ['fr', 'en'],
				concurrency: 2,
			}).load(t.context);
			const progress = t.logs.filter((l) => l.message.startsWith('Loading products:'));
			expect(progress.length).toBeGreaterThanOrEqual(1);
			expect(progress[0]!.message).toMatch(/^Loading products: [\d,]+ \/ [\d,]+ \(\d+%\)$/);
		} finally {
			await slow.close();
		}
	});
});
