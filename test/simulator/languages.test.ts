import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';

/**
 * The simulator speaks each language the package has words for: transcripts, labels and the
 * products' SEO texts in the language asked for, and no description promising reviews its
 * answer does not hold. Read over HTTP, as the loaders read it.
 */
const LOCALES = ['fr', 'en', 'de', 'es', 'it', 'nl'];
/** Common words of each language: any sentence of its bank holds one. */
const MARKS: Record<string, RegExp> = {
	fr: /\b(je|j|c|est|le|la|les|et|de|des|un|une|pas|du)\b/i,
	en: /\b(the|I|it|and|a|to|of|was|is|for)\b/,
	de: /\b(ich|und|die|der|das|es|nicht|ist|mit|von|zu|ein|eine|war|man)\b/i,
	es: /\b(el|la|los|las|y|de|que|lo|es|un|una|no|me)\b/i,
	it: /\b(il|la|lo|di|che|e|un|una|non|ho|mi|da|si)\b/i,
	nl: /\b(het|de|een|en|ik|is|niet|van|te|was|die|dat|met|over|wat)\b/i,
};
/** Words of the English and generic banks no other bank uses. */
const ENGLISH = /\b(the|you|very|good|bought)\b/;

let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator({ products: 60, locales: LOCALES, seed: 6, longTail: false });
});
afterAll(() => sim?.close());

async function list(locale: string) {
	const response = await fetch(
		`${sim.baseUrl}/ws/websites/${sim.websiteId}/products?limit=100&locale=${locale}&without=inactive`,
	);
	expect(response.status).toBe(200);
	return ((await response.json()) as { items: Array<Record<string, any>> }).items;
}

describe('a multilingual simulator', () => {
	it.each(LOCALES)(
		'writes %s transcripts, labels and SEO texts in that language',
		async (locale) => {
			const items = await list(locale);
			const reviews = items.flatMap((product) => product.reviews);
			expect(reviews.length).toBeGreaterThan(50);
			for (const review of reviews.filter((item) => item.transcript)) {
				expect(review.transcript, locale).toMatch(MARKS[locale]!);
				if (locale !== 'en') expect(review.transcript, locale).not.toMatch(ENGLISH);
			}
			for (const review of reviews.filter((item) => item.label && locale !== 'en'))
				expect(review.label, locale).not.toMatch(/^(Great|Good|Recommended|Very happy)$/);
			const titled = items.filter((product) => product.seo_name);
			expect(titled.length).toBeGreaterThan(20);
			// Each language's title and description differ from every other's for the same product.
			for (const other of LOCALES.filter((candidate) => candidate !== locale)) {
				const others = new Map(
					(await list(other)).map((product) => [product.external_id, product]),
				);
				for (const product of titled)
					expect(product.seo_name, `${locale}/${other}`).not.toBe(
						others.get(product.external_id)?.seo_name,
					);
			}
			for (const product of items.filter((candidate) => candidate.seo_description)) {
				expect(product.seo_description, locale).toMatch(MARKS[locale]!);
				if (locale !== 'en') expect(product.seo_description, locale).not.toMatch(ENGLISH);
			}
		},
	);

	it('never promises reviews in a description above an empty product', async () => {
		const promises = /audio|Abschrift|transcri|trascri|opinion|recension|review/i;
		let empty = 0;
		for (const locale of LOCALES)
			for (const product of await list(locale)) {
				if (!product.seo_description) continue;
				if (product.reviews.length === 0) {
					empty += 1;
					expect(product.seo_description, `${locale} ${product.external_id}`).not.toMatch(promises);
				} else expect(product.seo_description).toMatch(promises);
			}
		expect(empty).toBeGreaterThan(0);
	});

	it('keeps a text a test replaced, in every language', async () => {
		const ref = sim
			.refs()
			.find((candidate) =>
				sim.listAll({ locale: 'de' }).some((p) => p.external_id === candidate && p.seo_name),
			)!;
		sim.updateProduct(ref, { seo_name: 'Eigener Titel' });
		for (const locale of LOCALES)
			expect((await list(locale)).find((product) => product.external_id === ref)?.seo_name).toBe(
				'Eigener Titel',
			);
	});
});
