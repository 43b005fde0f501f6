import { describe, expect, it } from 'vitest';
import {
	ADVERSARIAL_REFS,
	DEMO_WEBSITE_ID,
	generateCatalogue,
	generateProduct,
	longTailTier,
	type SimProduct,
	startSimulator,
} from '../../simulator/src/index.js';
import { getJson, listUrl, specProblems } from './helpers.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const options = { websiteId: DEMO_WEBSITE_ID, products: 3_000, locales: ['fr', 'en'], seed: 2024 };

describe('demo catalogue', () => {
	const products = generateCatalogue(options);
	const audio = products.flatMap((p) => p.reviews);
	const share = (predicate: (p: SimProduct) => boolean) =>
		products.filter(predicate).length / products.length;

	it('is deterministic: same seed, same products; another seed, other products', () => {
		expect(generateCatalogue(options)).toEqual(products);
		const other = generateCatalogue({ ...options, seed: 2025 });
		expect(other[0]!.id).not.toBe(products[0]!.id);
		// Any product can be regenerated alone and is the same.
		expect(generateProduct(1_234, options)).toEqual(products[1_234]);
	});

	it('has unique v4-shaped ids and unique refs, SKUs and realistic slugs', () => {
		expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
		expect(new Set(products.map((p) => p.external_id)).size).toBe(products.length);
		expect(products.every((p) => UUID_V4.test(p.id))).toBe(true);
		expect(audio.every((a) => UUID_V4.test(a.id) && UUID_V4.test(a.user.id))).toBe(true);
		expect(products[42]!.external_id).toMatch(/^(SKU-00042|[a-z]+-[a-z]+-42)$/);
		expect(share((p) => /^SKU-\d{5}$/.test(p.external_id))).toBeGreaterThan(0.8);
		expect(share((p) => /^[a-z]+-[a-z]+-\d+$/.test(p.external_id))).toBeGreaterThan(0.05);
	});

	it('has the documented proportions of edge cases', () => {
		expect(share((p) => p.reviews.length === 0)).toBeGreaterThan(0.05);
		expect(share((p) => p.reviews.length === 0)).toBeLessThan(0.11);
		expect(share((p) => p.experiment !== undefined)).toBeGreaterThan(0.02);
		expect(share((p) => p.experiment !== undefined)).toBeLessThan(0.08);
		expect(share((p) => p.seo_name === undefined)).toBeGreaterThan(0.1);
		expect(share((p) => p.seo_description === undefined)).toBeGreaterThan(0.1);
		expect(products.some((p) => p.reviews.length > 0 && p.reviews.every((a) => !a.is_active))).toBe(
			true,
		);
		expect(
			products.some((p) => p.reviews.length > 0 && p.reviews.every((a) => a.awaitingValidation)),
		).toBe(true);
		expect(products.some((p) => p.reviews.length > 0 && p.reviews.every((a) => !a.validated))).toBe(
			true,
		);
		expect(audio.some((a) => a.audio_url === '')).toBe(true);
		expect(
			audio.filter((a) => a.audio_url).every((a) => /^https:\/\/[^ ]+\.mp3$/.test(a.audio_url!)),
		).toBe(true);
	});

	it('rates reviews within 0..5, some with halves, and seldom rates testimonies', () => {
		const rated = audio.filter((a) => a.rating !== undefined);
		expect(rated.every((a) => a.rating! >= 0 && a.rating! <= 5)).toBe(true);
		expect(rated.some((a) => a.rating! % 1 !== 0)).toBe(true);
		const testimonies = audio.filter((a) => a.type === 'testimony');
		expect(testimonies.length / audio.length).toBeGreaterThan(0.15);
		expect(
			testimonies.filter((a) => a.rating === undefined).length / testimonies.length,
		).toBeGreaterThan(0.7);
		expect(
			audio.filter((a) => a.type === 'review' && a.rating !== undefined).length,
		).toBeGreaterThan(0.9 * (audio.length - testimonies.length));
	});

	it('averages about reviewsPerProduct items per covered locale outside the long tail, and everywhere without it', () => {
		// The long tail's products have their own counts (long-tail.test.ts); the others keep the knob's.
		const body = products.filter(
			(_, index) => longTailTier(index, options.seed, undefined) === undefined,
		);
		expect(body.length).toBeGreaterThan(0.94 * products.length);
		const perLocale = body
			.flatMap((p) => ['fr', 'en'].map((l) => p.reviews.filter((a) => a.locale === l).length))
			.filter((n) => n > 0);
		const mean = perLocale.reduce((a, b) => a + b, 0) / perLocale.length;
		expect(mean).toBeGreaterThan(2.6);
		expect(mean).toBeLessThan(3.4);
		const one = generateCatalogue({
			...options,
			products: 500,
			reviewsPerProduct: 1,
			longTail: false,
		});
		const counts = one.flatMap((p) =>
			['fr', 'en'].map((l) => p.reviews.filter((a) => a.locale === l).length),
		);
		expect(Math.max(...counts)).toBe(1);
		expect(counts.filter((n) => n === 1).length).toBeGreaterThan(700);
		const six = generateCatalogue({
			...options,
			products: 500,
			reviewsPerProduct: 6,
			longTail: false,
		});
		const perCovered = six
			.flatMap((p) => ['fr', 'en'].map((l) => p.reviews.filter((a) => a.locale === l).length))
			.filter((n) => n > 0);
		expect(perCovered.reduce((a, b) => a + b, 0) / perCovered.length).toBeCloseTo(6, 0);
	});

	it('writes multi-sentence transcripts of 200 to 2000 characters in the audio locale', () => {
		const transcripts = audio.filter((a) => a.transcript !== undefined);
		expect(transcripts.length / audio.length).toBeGreaterThan(0.9);
		for (const a of transcripts) {
			expect(a.transcript!.length).toBeGreaterThanOrEqual(200);
			expect(a.transcript!.length).toBeLessThanOrEqual(2_000);
			expect(a.transcript!.split(/[.!?…](\s|$)/).length).toBeGreaterThan(2);
		}
		const fr = transcripts.filter((a) => a.locale === 'fr').map((a) => a.transcript!);
		const en = transcripts.filter((a) => a.locale === 'en').map((a) => a.transcript!);
		expect(fr.every((t) => /\b(je|j'|la|le|et|c'est|est)\b/i.test(t) && !/\bthe\b/.test(t))).toBe(
			true,
		);
		expect(en.every((t) => /\b(the|I|it|and)\b/.test(t) && !/\b(je|c'est)\b/i.test(t))).toBe(true);
		expect(fr.some((t) => t.includes('\n'))).toBe(true);
	});

	it('falls back to a generic bank for a locale without one and honours transcriptLength', () => {
		const de = generateCatalogue({
			...options,
			products: 200,
			locales: ['ja'],
			transcriptLength: [50, 120],
		}).flatMap((p) => p.reviews);
		expect(de.every((a) => a.locale === 'ja')).toBe(true);
		const texts = de.map((a) => a.transcript).filter((t): t is string => t !== undefined);
		expect(texts.every((t) => t.length >= 50 && t.length <= 120)).toBe(true);
		expect(
			texts.some((t) => t.includes('Good value for money') || t.includes('Solid, well made')),
		).toBe(true);
		expect(texts.some((t) => t.includes("J'ai") || t.includes('I bought'))).toBe(false);
	});

	it('gives experiments the full documented shape, pointing at real audio', () => {
		const withExperiment = products.filter((p) => p.experiment);
		for (const product of withExperiment) {
			const ids = new Set(product.reviews.map((a) => a.id));
			const variations = product.experiment!.variations;
			expect(variations.reduce((sum, v) => sum + v.allocation, 0)).toBe(100);
			const b = variations[1]!;
			expect(ids.has(b.audioId!)).toBe(true);
			expect(Object.values(b.audioIdsByLocale!).every((id) => ids.has(id))).toBe(true);
			expect(variations[0]).toMatchObject({
				widgetConfigId: null,
				audioId: null,
				audioPosition: null,
				position: 0,
			});
		}
	});
});

describe('simulator catalogue', () => {
	it('serves byte-identical JSON for the same seed, and different JSON for another', async () => {
		const [a, b, c] = await Promise.all([
			startSimulator({ products: 200, seed: 42 }),
			startSimulator({ products: 200, seed: 42 }),
			startSimulator({ products: 200, seed: 43 }),
		]);
		try {
			const [ra, rb, rc] = await Promise.all(
				[a, b, c].map((s) => fetch(listUrl(s, { limit: 100, offset: 50, locale: 'en' }))),
			);
			const [ta, tb, tc] = await Promise.all([ra!, rb!, rc!].map((r) => r.text()));
			expect(ta).toBe(tb);
			expect(ra!.headers.get('etag')).toBe(rb!.headers.get('etag'));
			expect(ra!.headers.get('last-modified')).toBe(rb!.headers.get('last-modified'));
			expect(tc).not.toBe(ta);
			expect(JSON.stringify(a.listAll({ locale: 'fr' }))).toBe(
				JSON.stringify(b.listAll({ locale: 'fr' })),
			);
			// The served product is the generator's product, regenerated on demand.
			const generated = generateProduct(7, {
				websiteId: a.websiteId,
				locales: a.locales,
				seed: 42,
			});
			expect(a.inspect(generated.external_id)).toEqual(generated);
		} finally {
			await Promise.all([a, b, c].map((s) => s.close()));
		}
	});

	it('appends the adversarial corpus only when asked, every product schema-valid', async () => {
		const plain = await startSimulator({ products: 30, seed: 1 });
		const hostile = await startSimulator({ products: 30, seed: 1, adversarial: true });
		try {
			expect(plain.refs().some((ref) => ADVERSARIAL_REFS.includes(ref))).toBe(false);
			expect(hostile.refs().slice(30)).toEqual([...ADVERSARIAL_REFS]);
			for (const locale of ['fr', 'en']) {
				for (const product of hostile.listAll({ locale }))
					expect(specProblems(product), product.external_id).toEqual([]);
			}
			for (const ref of ADVERSARIAL_REFS) expect(specProblems(hostile.getProduct(ref))).toEqual([]);
		} finally {
			await Promise.all([plain.close(), hostile.close()]);
		}
	});

	it('covers the adversarial categories of refs', () => {
		const refs = new Set(ADVERSARIAL_REFS);
		for (const ref of [
			'red shoe',
			'a/b',
			'../../etc/passwd',
			'..',
			'.',
			'100%',
			'a%2Fb',
			'日本語',
			'Shoe-1',
			'shoe-1',
			'__proto__',
		])
			expect(refs.has(ref), ref).toBe(true);
		expect(refs.has('caf\u00e9') && refs.has('cafe\u0301')).toBe(true);
		expect('caf\u00e9'.normalize('NFC')).toBe('cafe\u0301'.normalize('NFC'));
		expect(ADVERSARIAL_REFS.some((ref) => ref.length === 300)).toBe(true);
		expect(
			ADVERSARIAL_REFS.some((ref) => ref.includes('?')) &&
				ADVERSARIAL_REFS.some((ref) => ref.includes('#')),
		).toBe(true);
		expect(ADVERSARIAL_REFS.some((ref) => /\p{Extended_Pictographic}/u.test(ref))).toBe(true);
	});

	// How fast it starts is a benchmark's figure, not a test's: on a busy machine any bound is missed.
	// The test's timeout is the liveness bound: a simulator generating every product up front, with
	// transcripts, would not start within it at 100,000.
	it('starts with 10,000 products and serves its last page', async () => {
		const big = await startSimulator({ products: 10_000, seed: 8 });
		try {
			const { body } = await getJson(
				listUrl(big, { offset: 9_950, limit: 100, without: 'inactive' }),
			);
			expect(body).toMatchObject({ limit: 100, offset: 9_950, count_item: 10_000 });
			expect(body.items).toHaveLength(50);
			expect(body.items.at(-1).external_id).toMatch(/^(SKU-09999|[a-z]+-[a-z]+-9999)$/);
			for (const product of body.items) expect(specProblems(product)).toEqual([]);
		} finally {
			await big.close();
		}
	});

	it('starts with 100,000 products: products are generated when first needed', async () => {
		const huge = await startSimulator({ products: 100_000, seed: 9, locales: ['fr'] });
		try {
			expect(huge.refs()).toHaveLength(100_000);
			// The first filtered query summarises every product once.
			const { body } = await getJson(listUrl(huge, { withAudio: true, published: true, limit: 1 }));
			expect(body.count_item).toBeGreaterThan(80_000);
			expect(body.count_item).toBeLessThan(95_000);
		} finally {
			await huge.close();
		}
	});
});
