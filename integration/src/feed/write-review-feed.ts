import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AstroConfig, AstroIntegrationLogger } from 'astro';
import { AudioReviewsError } from '../errors/errors.js';
import { writeAtomic } from '../files/atomic-write.js';
import { countOf, formatNumber } from '../format/numbers.js';
import type { ProductPageProps } from '../routing/product-paths.js';
import { absoluteUrl } from '../routing/url.js';
import { takePublishedPages } from '../state/published-pages.js';
import { createReviewFeed, type FeedPage, type ReviewFeedCounts } from './review-feed.js';
import type { FeedSchemaVersion, ReviewsFeedOption } from './review-feed-option.js';

/** Chunks are joined up to this size before a write: one write per review would cost more in calls than in bytes. */
const WRITE_SIZE = 64 * 1024;

export interface ReviewFeedTarget {
	/** The output folder (`astro:build:done`'s `dir`). */
	dir: string;
	/** Path of the feed relative to the output folder, posix. */
	path: string;
	publisher: string;
	schemaVersion: FeedSchemaVersion;
	site: string;
	base: string;
}

export interface WrittenReviewFeed {
	/** Absolute path of the file. */
	file: string;
	bytes: number;
	counts: ReviewFeedCounts;
	pages: number;
	ms: number;
}

/** `astro:build:done`: the feed of the pages the product route rendered in this build. */
export async function buildReviewFeed(
	option: ReviewsFeedOption,
	context: { collection: string; dir: string; config: AstroConfig; logger: AstroIntegrationLogger },
): Promise<{ file: string; path: string } | undefined> {
	if (option === false) return undefined;
	const pages = takePublishedPages<ProductPageProps>(context.collection);
	if (pages === undefined) {
		throw new AudioReviewsError(
			`reviewsFeed: the product pages of collection "${context.collection}" were not rendered in the build's process, so there is nothing to make the review feed from. ` +
				'The feed needs the product pages prerendered by Astro itself: an adapter that prerenders in another runtime cannot produce it; turn it off with reviewsFeed: false.',
		);
	}
	const site = context.config.site!;
	const written = await writeReviewFeed(pages, {
		dir: context.dir,
		path: option.path,
		publisher: option.publisher,
		schemaVersion: option.schemaVersion,
		site,
		base: context.config.base,
	});
	logReviewFeed(written, option.path, context.logger);
	// Google's schema wants a dot in every URL: a feed built for a preview host is rejected.
	if (!new URL(site).hostname.includes('.')) {
		context.logger.warn(
			`The review feed's URLs are on ${new URL(site).host}, which Google does not accept: build the feed you submit with \`site\` set to the shop's public address`,
		);
	}
	return { file: written.file, path: option.path };
}

/**
 * Streams the feed of `pages` to its file: the document is never held whole, whatever the
 * catalogue's size.
 */
export async function writeReviewFeed(
	pages: readonly FeedPage[],
	target: ReviewFeedTarget,
): Promise<WrittenReviewFeed> {
	const started = performance.now();
	const file = join(target.dir, ...target.path.split('/'));
	const feed = createReviewFeed(pages, {
		publisher: target.publisher,
		schemaVersion: target.schemaVersion,
		pageUrl: (path) => absoluteUrl(target.site, target.base, path)!,
	});
	await writeAtomic(file, (temporary) =>
		pipeline(Readable.from(joined(feed.chunks, WRITE_SIZE)), createWriteStream(temporary)),
	);
	return {
		file,
		bytes: (await stat(file)).size,
		counts: feed.counts,
		pages: pages.length,
		ms: performance.now() - started,
	};
}

function* joined(chunks: Iterable<string>, size: number): Generator<string> {
	let buffer = '';
	for (const chunk of chunks) {
		buffer += chunk;
		if (buffer.length >= size) {
			yield buffer;
			buffer = '';
		}
	}
	if (buffer !== '') yield buffer;
}

/** The build log's lines about the feed: what was written, and what was left out and why. */
export function logReviewFeed(
	written: WrittenReviewFeed,
	path: string,
	logger: AstroIntegrationLogger,
): void {
	const { counts } = written;
	logger.info(
		`Review feed: ${path}, ${countOf(counts.reviews, 'review')} from ${countOf(written.pages, 'product page')} ` +
			`(${(written.bytes / 2 ** 20).toFixed(1)} MiB, ${(written.ms / 1000).toFixed(2)} s)`,
	);
	const left = counts.noTranscript + counts.noDate + counts.duplicateId;
	if (left === 0) return;
	const duplicates =
		counts.duplicateId > 0 ? ` / ${formatNumber(counts.duplicateId)} duplicate id` : '';
	logger.info(
		`${countOf(left, 'review')} left out of the feed: ${formatNumber(counts.noTranscript)} no transcript / ${formatNumber(counts.noDate)} no date${duplicates}`,
	);
}
