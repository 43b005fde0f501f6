import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll } from 'vitest';
import { type SimAudio, type Simulator, startSimulator } from '../../simulator/src/index.js';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';

/**
 * What test/build/review-feed.test.ts builds and reads: the feed fixture on a two-locale
 * adversarial catalogue, some reviews given no usable date, no transcript or hostile text, and
 * the facts of its rendered pages.
 */

export const SITE = 'https://shop.example.com';
export const FEED_PATH = 'feeds/product-reviews.xml';
export const FEED_URL = `${SITE}/${FEED_PATH}`;
export const LOCALES = ['fr', 'en'] as const;

export let sim: Simulator;
export let site: BuiltSite;
/** Ids of rated reviews given a `created_at` that is no usable date. */
export const undated = new Set<string>();
/** Id → the transcript expected in the feed, for reviews given hostile control characters. */
export const cleaned = new Map<string, string>();

export const env = (extra: Record<string, string> = {}) => ({
	AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
	AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
	AUDIO_REVIEWS_LOCALES: LOCALES.join(','),
	FIXTURE_SITE: SITE,
	FIXTURE_FEED_PATH: FEED_PATH,
	FIXTURE_INCREMENTAL: '1',
	...extra,
});

/** Published, rated items of the simulator (both locales) that `mutate` may change, in catalogue order. */
export function ratedItems(): Array<{ ref: string; item: SimAudio }> {
	const found: Array<{ ref: string; item: SimAudio }> = [];
	for (const ref of sim.refs()) {
		for (const item of sim.inspect(ref)!.reviews) {
			if (
				item.type === 'review' &&
				typeof item.rating === 'number' &&
				item.is_active &&
				item.validated &&
				!item.awaitingValidation &&
				item.audio_url &&
				item.transcript
			) {
				found.push({ ref, item });
			}
		}
	}
	return found.filter(({ ref }) => /^SKU-/.test(ref));
}

export function mutate(ref: string, id: string, change: (item: SimAudio) => void): void {
	sim.updateProduct(ref, (product) => change(product.reviews.find((item) => item.id === id)!));
}

/** Builds the feed fixture against the adversarial catalogue, a few of its reviews made hostile, for a test file's tests. */
export function useReviewFeedSite(): void {
	beforeAll(async () => {
		sim = await startSimulator({
			products: 50,
			locales: [...LOCALES],
			seed: 15,
			adversarial: true,
			maxLimit: 40,
		});
		const items = ratedItems();
		const [noDate, , noOffset, blank, controlsOnly, hostile, anonymous] = items.filter(
			(_, i) => i % 7 === 0,
		);
		mutate(noDate!.ref, noDate!.item.id, (item) => delete item.created_at);
		// A date that is no calendar day ('2024-02-30') never gets this far: the schema refuses the product (test/loader/hostile-data.test.ts).
		mutate(noOffset!.ref, noOffset!.item.id, (item) => (item.created_at = '2024-05-01T10:00:00'));
		for (const entry of [noDate, noOffset]) undated.add(entry!.item.id);
		mutate(blank!.ref, blank!.item.id, (item) => (item.transcript = ' \n\t '));
		mutate(
			controlsOnly!.ref,
			controlsOnly!.item.id,
			(item) => (item.transcript = '\u0000\u0001\u000b\u001f'),
		);
		mutate(hostile!.ref, hostile!.item.id, (item) => {
			item.transcript = 'Bass\u0000 line\u0008 \uFFFE ]]> &amp; <b>x</b> \uD800 end\u001b.';
			item.user.firstname = 'Ann\u0007e';
			item.user.lastname = '\u0000';
		});
		// The lone surrogate reaches the collection as U+FFFD (the service's UTF-8 cannot carry it), which XML allows.
		cleaned.set(hostile!.item.id, 'Bass line  ]]> &amp; <b>x</b> \uFFFD end.');
		mutate(anonymous!.ref, anonymous!.item.id, (item) => {
			item.user.firstname = '  ';
			delete item.user.lastname;
		});
		site = await buildFixture('review-feed', {
			extends: 'basic',
			env: env(),
			label: 'review-feed',
		});
	});
	afterAll(() => sim?.close());
}

export const feedFile = (built: BuiltSite) => join(built.dist, ...FEED_PATH.split('/'));

/** Page facts read from the rendered HTML: `ref|locale` → canonical URL, `<h1>` and the JSON-LD's count of rated reviews. */
export async function renderedPages(
	built: BuiltSite,
): Promise<Map<string, { canonical: string; h1: string; ratedInJsonLd: number }>> {
	const pages = new Map<string, { canonical: string; h1: string; ratedInJsonLd: number }>();
	for (const file of await built.htmlFiles()) {
		// The feed names each review's product page, not the further review page it is listed on.
		if (file.includes('~reviews-')) continue;
		const html = parse(await built.read(file.slice(1)));
		// Product pages carry their ref; hub pages do not.
		const ref = html
			.querySelector('meta[property="product:retailer_item_id"]')
			?.getAttribute('content');
		if (ref === undefined) continue;
		const script = html.querySelector('script[type="application/ld+json"]')!;
		const graph = (
			JSON.parse(script.text) as {
				'@graph': Array<{ '@type': string; aggregateRating?: { ratingCount: number } }>;
			}
		)['@graph'];
		const product = graph.find((node) => node['@type'] === 'Product');
		const lang = html.querySelector('html')!.getAttribute('lang')!;
		pages.set(`${ref}|${lang}`, {
			canonical: html.querySelector('link[rel="canonical"]')!.getAttribute('href')!,
			h1: html.querySelector('h1')!.text,
			ratedInJsonLd: product?.aggregateRating?.ratingCount ?? 0,
		});
	}
	return pages;
}
