import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	type ApiReview,
	type SimAudio,
	type Simulator,
	startSimulator,
} from '../../simulator/src/index.js';
import { type BuiltSite, buildFixture, plain } from '../helpers/build-fixture.js';
import { type FeedReview, readFeed, validateFeed } from '../helpers/review-feed-xml.js';

/**
 * The review feed of a real `astro build`, checked against Google's schema with xmllint and
 * against the simulator's data and the rendered pages, never against the feed's own code.
 */

const SITE = 'https://shop.example.com';
const FEED_PATH = 'feeds/product-reviews.xml';
const FEED_URL = `${SITE}/${FEED_PATH}`;
const LOCALES = ['fr', 'en'] as const;

let sim: Simulator;
let site: BuiltSite;
/** Ids of rated reviews given a `created_at` that is no usable date. */
const undated = new Set<string>();
/** Id → the transcript expected in the feed, for reviews given hostile control characters. */
const cleaned = new Map<string, string>();

const env = (extra: Record<string, string> = {}) => ({
	AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
	AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
	AUDIO_REVIEWS_LOCALES: LOCALES.join(','),
	FIXTURE_SITE: SITE,
	FIXTURE_FEED_PATH: FEED_PATH,
	FIXTURE_INCREMENTAL: '1',
	...extra,
});

const isRated = (review: ApiReview) =>
	review.type === 'review' && typeof review.rating === 'number';
// The test's own reading of "no transcript": absent, or nothing but whitespace and C0 controls.
// eslint-disable-next-line no-control-regex
const hasTranscript = (review: ApiReview) =>
	(review.transcript ?? '').replace(/[\u0000-\u001f]/g, '').trim() !== '';

/** Published, rated items of the simulator (both locales) that `mutate` may change, in catalogue order. */
function ratedItems(): Array<{ ref: string; item: SimAudio }> {
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

function mutate(ref: string, id: string, change: (item: SimAudio) => void): void {
	sim.updateProduct(ref, (product) => change(product.reviews.find((item) => item.id === id)!));
}

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
	site = await buildFixture('review-feed', { extends: 'basic', env: env(), label: 'review-feed' });
});
afterAll(() => sim?.close());

const feedFile = (built: BuiltSite) => join(built.dist, ...FEED_PATH.split('/'));

/** Page facts read from the rendered HTML: `ref|locale` → canonical URL, `<h1>` and the JSON-LD's count of rated reviews. */
async function renderedPages(
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

describe('reviewsFeed on a two-locale catalogue with the adversarial corpus', () => {
	it('writes a feed that validates against Google schema 2.4 by default', async () => {
		const verdict = await validateFeed(feedFile(site), '2.4');
		expect(verdict.output).toContain('validates');
		expect(verdict.valid).toBe(true);
		const feed = readFeed(await readFile(feedFile(site), 'utf8'));
		expect(feed.version).toBe('2.4');
		expect(feed.schemaLocation).toBe(
			'http://www.google.com/shopping/reviews/schema/product/2.4/product_reviews.xsd',
		);
		expect(feed.publisher).toBe('Shop & "Co" <Test>');
	});

	it('holds exactly the rated reviews with a transcript and a valid date, and logs the others', async () => {
		const feed = readFeed(await readFile(feedFile(site), 'utf8'));
		const expected: string[] = [];
		let noTranscript = 0;
		let noDate = 0;
		for (const locale of LOCALES) {
			for (const product of sim.listAll({ locale, without: 'inactive' })) {
				for (const review of product.reviews.filter(isRated)) {
					if (!hasTranscript(review)) noTranscript++;
					else if (undated.has(review.id) || review.created_at === undefined) noDate++;
					else expected.push(review.id);
				}
			}
		}
		expect(undated.size).toBe(2);
		expect(noTranscript).toBeGreaterThanOrEqual(2);
		expect(feed.reviews.map((review) => review.id).sort()).toEqual(expected.sort());
		expect(site.output).toContain(
			`${noTranscript + noDate} reviews left out of the feed: ${noTranscript} no transcript / ${noDate} no date`,
		);
		expect(site.output).toContain(
			`Review feed: ${FEED_PATH}, ${expected.length.toLocaleString('en-US')} reviews`,
		);
	});

	it('gives each review its values from the service and the URL and name of its product page', async () => {
		const feed = readFeed(await readFile(feedFile(site), 'utf8'));
		const byId = new Map<string, FeedReview>(feed.reviews.map((review) => [review.id!, review]));
		const pages = await renderedPages(site);
		let checked = 0;
		for (const locale of LOCALES) {
			for (const product of sim.listAll({ locale, without: 'inactive' })) {
				const page = pages.get(`${product.external_id}|${locale}`)!;
				for (const review of product.reviews) {
					const inFeed = byId.get(review.id);
					if (!inFeed) continue;
					const first = review.user.firstname?.replace(/\u0007/g, '').trim();
					const last = review.user.lastname?.replace(/\u0000/g, '').trim();
					const name = [first, last].filter(Boolean).join(' ');
					expect(inFeed).toEqual({
						id: review.id,
						reviewer: name || 'Anonymous',
						anonymous: name === '',
						timestamp: new Date(review.created_at!).toISOString(),
						content: cleaned.get(review.id) ?? review.transcript!.trim(),
						reviewUrl: page.canonical,
						reviewUrlType: 'group',
						rating: String(review.rating),
						ratingMin: '0',
						ratingMax: '5',
						sku: product.external_id,
						productName: page.h1,
						productUrl: page.canonical,
					});
					checked++;
				}
			}
		}
		expect(checked).toBe(feed.reviews.length);
		expect(feed.reviews.some((review) => review.anonymous)).toBe(true);
		// The pages' JSON-LD counts as rated exactly the feed's reviews plus the ones logged as left out.
		const ratedInPages = [...pages.values()].reduce((sum, page) => sum + page.ratedInJsonLd, 0);
		const left = /(\d+) reviews left out of the feed/.exec(site.output)!;
		expect(ratedInPages).toBe(feed.reviews.length + Number(left[1]));
	});

	it('is byte-identical when the data is, and reported like a page when it changes', async () => {
		const before = await readFile(feedFile(site));
		const again = await buildFixture('review-feed', { env: env(), reuse: site });
		expect((await readFile(feedFile(again))).equals(before)).toBe(true);
		const quiet = JSON.parse(
			await readFile(join(site.root, '.astro/audio-reviews-changes.json'), 'utf8'),
		) as {
			changed: string[];
			added: string[];
		};
		expect([...quiet.changed, ...quiet.added]).not.toContain(FEED_URL);

		const [target] = ratedItems().filter(
			({ item }) => !undated.has(item.id) && !cleaned.has(item.id),
		);
		mutate(
			target!.ref,
			target!.item.id,
			(item) => (item.transcript = 'A transcript corrected in the back office.'),
		);
		const changed = await buildFixture('review-feed', { env: env(), reuse: site });
		const report = JSON.parse(
			await readFile(join(site.root, '.astro/audio-reviews-changes.json'), 'utf8'),
		) as {
			changed: string[];
			summary: string;
		};
		expect(report.changed).toContain(FEED_URL);
		expect(changed.output).toContain(`Pages since the last build: ${report.summary}`);
		expect((await validateFeed(feedFile(changed))).valid).toBe(true);
	});

	it('puts `base` into every URL, and writes schema 2.3 when asked (valid against 2.3, not 2.4)', async () => {
		const based = await buildFixture('review-feed', {
			extends: 'basic',
			env: env({ FIXTURE_BASE: '/shop', FIXTURE_FEED_SCHEMA: '2.3' }),
			label: 'review-feed-base',
		});
		expect((await validateFeed(feedFile(based), '2.3')).valid).toBe(true);
		const against24 = await validateFeed(feedFile(based), '2.4');
		expect(against24.valid).toBe(false);
		expect(against24.output).toContain('fixed value');
		const feed = readFeed(await readFile(feedFile(based), 'utf8'));
		expect(feed.version).toBe('2.3');
		expect(feed.schemaLocation).toBe(
			'http://www.google.com/shopping/reviews/schema/product/2.3/product_reviews.xsd',
		);
		expect(feed.reviews.length).toBeGreaterThan(0);
		for (const review of feed.reviews) {
			expect(review.reviewUrl).toMatch(
				/^https:\/\/shop\.example\.com\/shop\/(en\/)?products\/[^/]+\/$/,
			);
			expect(review.productUrl).toBe(review.reviewUrl);
		}
		const report = JSON.parse(
			await readFile(join(based.root, '.astro/audio-reviews-changes.json'), 'utf8'),
		) as { added: string[] };
		expect(report.added).toContain(`${SITE}/shop/${FEED_PATH}`);
	});

	it('with dist/ kept between builds, deletes the feed of the previous build once the feed is turned off', async () => {
		const kept = await buildFixture('review-feed', {
			extends: 'basic',
			env: env({ FIXTURE_KEEP_OUT_DIR: '1' }),
			label: 'review-feed-kept',
		});
		expect(existsSync(feedFile(kept))).toBe(true);
		const off = await buildFixture('review-feed', {
			env: env({ FIXTURE_KEEP_OUT_DIR: '1', FIXTURE_FEED: 'off' }),
			reuse: kept,
		});
		expect(existsSync(feedFile(off))).toBe(false);
		const report = JSON.parse(
			await readFile(join(kept.root, '.astro/audio-reviews-changes.json'), 'utf8'),
		) as { removed: string[] };
		expect(report.removed).toEqual([FEED_URL]);
	});

	it('refuses to build without `site`, or without the injected pages, naming the fix', async () => {
		for (const [extra, message] of [
			[{ FIXTURE_SITE: 'none' }, '`reviewsFeed` needs `site`'],
			[{ FIXTURE_ROUTE: 'false' }, '`reviewsFeed` needs the product pages the integration injects'],
		] as const) {
			const error = (await buildFixture('review-feed', {
				extends: 'basic',
				env: env(extra),
				child: true,
			}).catch((e: unknown) => e)) as Error & { output?: string };
			expect(error).toBeInstanceOf(Error);
			expect(plain(`${error.message}\n${error.output}`)).toContain(message);
		}
	});
});
