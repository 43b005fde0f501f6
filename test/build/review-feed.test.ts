import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApiReview } from '../../simulator/src/index.js';
import { buildFixture, plain } from '../helpers/build-fixture.js';
import { type FeedReview, readFeed, validateFeed } from '../helpers/review-feed-xml.js';
import {
	cleaned,
	env,
	FEED_PATH,
	FEED_URL,
	feedFile,
	LOCALES,
	mutate,
	ratedItems,
	renderedPages,
	SITE,
	sim,
	site,
	undated,
	useReviewFeedSite,
} from './review-feed-site.js';

/**
 * The review feed of a real `astro build`, checked against Google's schema with xmllint and
 * against the simulator's data and the rendered pages, never against the feed's own code.
 */

const isRated = (review: ApiReview) =>
	review.type === 'review' && typeof review.rating === 'number';
// The test's own reading of "no transcript": absent, or nothing but whitespace and C0 controls.
// eslint-disable-next-line no-control-regex
const hasTranscript = (review: ApiReview) =>
	(review.transcript ?? '').replace(/[\u0000-\u001f]/g, '').trim() !== '';

useReviewFeedSite();

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
