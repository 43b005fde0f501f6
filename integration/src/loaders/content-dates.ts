import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoaderContext } from 'astro/loaders';
import type { Product } from '../schema/product.js';
import { type Fingerprint, fingerprintChanges } from './sync-state.js';

/**
 * When the content each entry's page renders last changed, kept across builds: the sitemap's
 * `lastmod`. An entry's date moves only when a digest of the fields the pages render changes, so
 * a product whose JSON changed elsewhere (widget config, experiments) or that was merely re-sent
 * keeps its date, and a rebuild never stamps every page with its own time.
 *
 * The dates live in a file of their own beside the change report's page manifest, not in the
 * loader's meta store: Astro clears the whole store, meta included, whenever content.config.ts
 * or the Astro config changes (`concurrency: 4` added is enough), and every `lastmod` would then
 * move to that build while no page changed. The file names the fingerprint it was written for,
 * so a cache restored from another website or locale set lends no date.
 */
const FILE_FORMAT = 1;
const ISO_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z$/;

/** Entry id → [digest of the rendered fields, ISO date it was first seen with that digest]. */
type Dates = Record<string, [string, string]>;

interface DatesFile {
	format: typeof FILE_FORMAT;
	fingerprint: Fingerprint;
	dates: Dates;
}

/** What locates a collection's dates file and decides whether its dates apply. */
export type DatesScope = Pick<LoaderContext, 'config' | 'collection' | 'watcher'> & {
	fingerprint: Fingerprint;
};

export interface ContentDates {
	/** Records the entry's rendered content; its date moves to `now` only when that content differs. */
	observe(id: string, product: Product): void;
	/** The entry's content date (ISO), once observed or read from the dates file. */
	dateOf(id: string): string | undefined;
	/**
	 * Writes the dates of the entries in `kept` (others are forgotten); the entries carry them to
	 * the pages (entry-metadata.ts). A kept entry without a date yet (a store written before
	 * dates were kept) is observed first, from `stored`.
	 */
	save(kept: ReadonlySet<string>, stored: (id: string) => Product | undefined): void;
}

/** The fields the pages render: a change anywhere else is no change of the page. */
export function renderedFields(product: Product): unknown {
	const { external_id, name, seo_name, seo_description, audio_url, reviews } = product;
	return { external_id, name, seo_name, seo_description, audio_url, reviews };
}

export function contentDates(
	scope: DatesScope & Pick<LoaderContext, 'generateDigest'>,
	now: string,
): ContentDates {
	const dates = readDates(scope);
	const observe = (id: string, product: Product) => {
		const digest = scope.generateDigest(renderedFields(product) as Record<string, unknown>);
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

/** The dates as the last sync saved them (a build served from the last known good store). */
export function storedDates(scope: DatesScope): (id: string) => string | undefined {
	const dates = readDates(scope);
	return (id) => dates[id]?.[1];
}

/**
 * Beside the change report's manifest in Astro's cache folder, where `astro build` keeps its
 * store; `astro dev` keeps its own store in `.astro/`, and its dates there, so a dev session
 * against another service never resets the dates a deploy publishes.
 */
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
		// No file (a first build) or a damaged one: "no dates yet", every page gets this build's date once.
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
	// A restored cache is a file anyone could have edited: only dates the sitemap can print are kept.
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

/** Written to a temporary file then renamed: a build killed mid-write leaves the old dates whole. */
function writeDates(scope: DatesScope, dates: Dates): void {
	const path = datesPath(scope);
	mkdirSync(dirname(path), { recursive: true });
	const temporary = `${path}.${process.pid}.tmp`;
	writeFileSync(
		temporary,
		JSON.stringify({
			format: FILE_FORMAT,
			fingerprint: scope.fingerprint,
			dates,
		} satisfies DatesFile),
	);
	renameSync(temporary, path);
}
