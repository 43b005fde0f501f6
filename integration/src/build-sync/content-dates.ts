import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LoaderContext } from 'astro/loaders';
import { writeAtomicSync } from '../files/atomic-write.js';
import { productPageDigest } from '../pages/page-digest.js';
import type { Product } from '../schema/product.js';
import { type Fingerprint, fingerprintChanges } from './sync-meta.js';

// The sitemap's `lastmod`: only the page's digest moves it, so a rebuild never restamps a page.
// Kept in a file of its own because Astro clears the loader's store on a config change.
const FILE_FORMAT = 1;
const ISO_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z$/;

/** Entry id → [digest of the rendered fields, ISO date it was first seen with that digest]. */
type Dates = Record<string, [string, string]>;

interface DatesFile {
	format: typeof FILE_FORMAT;
	fingerprint: Fingerprint;
	dates: Dates;
}

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
	let file: Partial<DatesFile>;
	try {
		file = JSON.parse(readFileSync(datesPath(scope), 'utf8')) as Partial<DatesFile>;
	} catch {
		// No file or a damaged one: every page gets this build's date once.
		return {};
	}
	const { format, fingerprint, dates } = file ?? {};
	if (
		format !== FILE_FORMAT ||
		!fingerprint ||
		!dates ||
		typeof dates !== 'object' ||
		Array.isArray(dates)
	)
		return {};
	if (fingerprintChanges(fingerprint, scope.fingerprint).length > 0) return {};
	// A restored cache could be edited by anyone: keep only dates the sitemap can print.
	return Object.fromEntries(Object.entries(dates).filter(([, value]) => isDated(value)));
}

function isDated(value: unknown): value is [string, string] {
	return (
		Array.isArray(value) &&
		typeof value[0] === 'string' &&
		typeof value[1] === 'string' &&
		ISO_DATE.test(value[1])
	);
}

function writeDates(scope: DatesScope, dates: Dates): void {
	writeAtomicSync(
		datesPath(scope),
		JSON.stringify({
			format: FILE_FORMAT,
			fingerprint: scope.fingerprint,
			dates,
		} satisfies DatesFile),
	);
}
