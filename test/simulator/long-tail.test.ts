import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../simulator/src/cli-options.js';
import {
	type CatalogueOptions,
	DEMO_WEBSITE_ID,
	generateProduct,
	isPublished,
	type LongTailOptions,
	longTailTier,
	type SimProduct,
	startSimulator,
} from '../../simulator/src/index.js';
import { getJson, singleUrl, specProblems } from './helpers.js';

const TEN_K: CatalogueOptions = {
	websiteId: DEMO_WEBSITE_ID,
	products: 10_000,
	locales: ['fr'],
	seed: 2024,
};

/** Summaries are enough to count: flags and counts are those of the full product (catalogue.ts). */
function catalogue(options: CatalogueOptions): SimProduct[] {
	return Array.from({ length: options.products ?? 300 }, (_, index) =>
		generateProduct(index, options, { summaryOnly: true }),
	);
}

/** Audio items the list endpoint sends as published in `locale`: what a product page shows. */
const shown = (product: SimProduct, locale: string) =>
	product.reviews.filter((audio) => isPublished(audio, locale)).length;

/** Indexes of the catalogue's products in each tier. */
function tiers(options: CatalogueOptions): Record<string, number[]> {
	const found: Record<string, number[]> = { tens: [], hundreds: [], thousands: [] };
	for (let index = 0; index < (options.products ?? 300); index++) {
		const tier = longTailTier(index, options.seed ?? 1, options.longTail);
		if (tier) found[tier]!.push(index);
	}
	return found;
}

describe('the long tail of review counts (default)', () => {
	const products = catalogue(TEN_K);
	const counts = products.map((product) => shown(product, 'fr'));

	it('gives most products 0–5 reviews, some tens, a few hundreds and one above 1,000 in 10,000 products', () => {
		const share = (test: (n: number) => boolean) => counts.filter(test).length / counts.length;
		expect(share((n) => n <= 5)).toBeGreaterThan(0.93);
		expect(share((n) => n === 0)).toBeGreaterThan(0.05);
		expect(share((n) => n > 5 && n < 100)).toBeGreaterThan(0.03);
		expect(share((n) => n > 5 && n < 100)).toBeLessThan(0.05);
		const hundreds = counts.filter((n) => n >= 100 && n < 1_000).length;
		expect(hundreds).toBeGreaterThanOrEqual(45);
		expect(hundreds).toBeLessThanOrEqual(50);
		expect(counts.filter((n) => n > 1_000)).toHaveLength(1);
		// Hundreds spread over the decade, not bunched at its floor.
		expect(counts.filter((n) => n >= 400 && n < 1_000).length).toBeGreaterThan(10);
		expect(counts.filter((n) => n >= 100 && n < 200).length).toBeGreaterThan(10);
	});

	it('places each tier at seeded spots: one product per run of 1/share indexes, the same for the same seed', () => {
		const found = tiers(TEN_K);
		expect(found.thousands).toHaveLength(1);
		// Each run of 200 indexes holds one "hundreds" product (unless the bestseller took its spot).
		const runs = new Set(
			[...found.hundreds!, ...found.thousands!].map((index) => Math.floor(index / 200)),
		);
		expect(runs.size).toBe(50);
		expect(found.hundreds!.length).toBeGreaterThanOrEqual(49);
		expect(tiers(TEN_K)).toEqual(found);
		const other = tiers({ ...TEN_K, seed: 2025 });
		expect(other.hundreds).not.toEqual(found.hundreds);
		expect(other.thousands).toHaveLength(1);
		// Regenerated alone, a tail product is the same: the store regenerates products on demand.
		const bestseller = found.thousands![0]!;
		expect(generateProduct(bestseller, TEN_K)).toEqual(generateProduct(bestseller, TEN_K));
	});

	it('changes nothing of a product outside the tail, and only adds items to one in it', () => {
		const flat = { ...TEN_K, products: 600, longTail: false } as const;
		const found = tiers({ ...TEN_K, products: 600 });
		const inTail = new Set(Object.values(found).flat());
		for (let index = 0; index < 600; index++) {
			const withTail = generateProduct(index, { ...TEN_K, products: 600 });
			const without = generateProduct(index, flat);
			if (!inTail.has(index)) expect(withTail).toEqual(without);
			else {
				const ids = new Set(withTail.reviews.map((audio) => audio.id));
				expect(without.reviews.every((audio) => ids.has(audio.id))).toBe(true);
				expect(withTail.reviews.length).toBeGreaterThan(5);
			}
		}
	});

	it('gives tail products full items in every covered locale: distinct texts, one default per locale, dates, ratings', () => {
		const options = { ...TEN_K, products: 400, locales: ['fr', 'en'] };
		const index = tiers(options).hundreds![0]!;
		const product = generateProduct(index, options);
		for (const locale of ['fr', 'en']) {
			const items = product.reviews.filter((audio) => audio.locale === locale);
			if (items.length === 0) continue;
			expect(items.filter((audio) => audio.is_default)).toHaveLength(1);
			expect(items.length).toBeGreaterThanOrEqual(120);
			const texts = items.map((audio) => audio.transcript).filter(Boolean);
			expect(new Set(texts).size).toBe(texts.length);
			expect(
				items.every((audio) => audio.created_at && !Number.isNaN(Date.parse(audio.created_at))),
			).toBe(true);
			expect(items.filter((audio) => audio.rating !== undefined).length).toBeGreaterThan(
				items.length / 2,
			);
		}
		expect(new Set(product.reviews.map((audio) => audio.id)).size).toBe(product.reviews.length);
		expect(shown(product, 'fr')).toBeGreaterThanOrEqual(100);
	});
});

describe('the long tail knobs', () => {
	it('sets each tier by its share; 0 turns a tier off; false gives every product about reviewsPerProduct', () => {
		expect(
			tiers({ ...TEN_K, longTail: { hundreds: 0.01 } }).hundreds!.length,
		).toBeGreaterThanOrEqual(99);
		expect(tiers({ ...TEN_K, longTail: { thousands: 0.001 } }).thousands).toHaveLength(10);
		const noTens = tiers({ ...TEN_K, longTail: { tens: 0 } });
		expect(noTens.tens).toEqual([]);
		expect(noTens.hundreds!.length).toBeGreaterThanOrEqual(49);
		expect(tiers({ ...TEN_K, longTail: false })).toEqual({ tens: [], hundreds: [], thousands: [] });
		const flat = catalogue({ ...TEN_K, products: 2_000, longTail: false });
		expect(Math.max(...flat.map((product) => product.reviews.length))).toBeLessThanOrEqual(5);
	});

	it('refuses a share outside 0..1 or an unknown tier, naming the knob and the fix', async () => {
		await expect(startSimulator({ longTail: { hundreds: 2 } })).rejects.toThrow(
			/longTail\.hundreds must be a share of products from 0 to 1/,
		);
		await expect(startSimulator({ longTail: { popular: 0.1 } as LongTailOptions })).rejects.toThrow(
			/longTail\.popular is not a tier: use tens, hundreds or thousands/,
		);
		await expect(startSimulator({ longTail: 'on' as unknown as false })).rejects.toThrow(
			/longTail must be false or an object/,
		);
	});

	it('reads --long-tail from the command line: off, or tier=share pairs', () => {
		const parse = (value: string) => {
			const request = parseCliArgs(['--long-tail', value]);
			return request.help ? undefined : request.options.longTail;
		};
		expect(parse('off')).toBe(false);
		expect(parse('hundreds=0.01,thousands=0')).toEqual({ hundreds: 0.01, thousands: 0 });
		expect(() => parse('popular=0.1')).toThrow(
			/--long-tail expects off or tens=…,hundreds=…,thousands=…/,
		);
		expect(() => parse('tens=many')).toThrow(/--long-tail expects a number/);
	});
});

describe('the long tail, served', () => {
	it('serves the bestseller of a 10,000-product catalogue: over 1,000 reviews, every one valid', async () => {
		const sim = await startSimulator({ products: 10_000, locales: ['fr'], seed: 2024 });
		try {
			const ref = sim.refs()[tiers(TEN_K).thousands![0]!]!;
			const { body } = await getJson(singleUrl(sim, ref, { locale: 'fr' }));
			expect(body.reviews.length).toBeGreaterThan(1_000);
			expect(specProblems(body)).toEqual([]);
		} finally {
			await sim.close();
		}
	});
});
