import { fileURLToPath } from 'node:url';
import type { LoaderContext } from 'astro/loaders';
import { ownFile } from '../files/own-file.js';
import { productPageDigest } from '../pages/page-digest.js';
import { type Dates, datesFileSchema, type Fingerprint } from '../schema/own-files.js';
import type { Product } from '../schema/product.js';
import { fingerprintChanges } from './sync-meta.js';

// The sitemap's `lastmod`: only the page's digest moves it, so a rebuild never restamps a page.
// Kept in a file of its own because Astro clears the loader's store on a config change.
const FILE_FORMAT = 1;
/** A missing, damaged or older file is none: every page gets this build's date once. */
const datesFile = ownFile({
	version: FILE_FORMAT,
	schema: datesFileSchema,
});

export type DatesScope = Pick<LoaderContext, 'config' | 'collection' | 'watcher'> & {
	fingerprint: Fingerprint;
};

export interface ContentDates {
	/** Records the entry's content; its date moves to `now` only when that content differs. */
	observe(id: string, product: Product): void;
	dateOf(id: string): string | undefined;
	/** Writes the dates of the entries in `kept`; others are forgotten. */
	save(kept: ReadonlySet<string>, stored: (id: string) => Product | undefined): void;
}

export function contentDates(
	scope: DatesScope & { localeOf: (id: string) => string },
	now: string,
): ContentDates {
	const dates = readDates(scope);
	const observe = (id: string, product: Product) => {
		const digest = productPageDigest(product, scope.localeOf(id));
		if (dates[id]?.[0] !== digest) dates[id] = [digest, now];
	};
	return {
		observe,
		dateOf: (id) => dates[id]?.[1],
		save(kept, stored) {
			for (const id of Object.keys(dates)) if (!kept.has(id)) delete dates[id];
			for (const id of kept) {
				const product = dates[id] === undefined ? stored(id) : undefined;
				if (product) observe(id, product);
			}
			writeDates(scope, dates);
		},
	};
}

export function storedDates(scope: DatesScope): (id: string) => string | undefined {
	const dates = readDates(scope);
	return (id) => dates[id]?.[1];
}

function datesPath(scope: DatesScope): string {
	const folder = scope.watcher ? new URL('.astro/', scope.config.root) : scope.config.cacheDir;
	return fileURLToPath(
		new URL(
			`astro-audio-reviews/content-dates/${encodeURIComponent(scope.collection)}.json`,
			folder,
		),
	);
}

function readDates(scope: DatesScope): Dates {
	const file = datesFile.readOrNoneSync(datesPath(scope));
	if (!file || fingerprintChanges(file.fingerprint, scope.fingerprint).length > 0) return {};
	return file.dates;
}

function writeDates(scope: DatesScope, dates: Dates): void {
	datesFile.writeSync(datesPath(scope), { fingerprint: scope.fingerprint, dates });
}
