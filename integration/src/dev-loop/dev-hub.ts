import type { Product } from '../schema/product.js';
import { presentText, productDescription, productHeading, productTitle } from '../seo/page-meta.js';
import type { LastGood, LoaderHook, LoaderReader } from './loader-channel.js';
import type { LiveProgress, RecordAnswer, SkippedProduct, SyncStatus } from './protocol.js';

type Scope = 'all' | string[];

/**
 * The dev server's side of the loader channel: what each `productsLoader()` collection handed
 * over (a reader of its memory and store), read when a page, the app or the webhook asks. No
 * content sync runs for a status or a record.
 */
export function devHub() {
	const readers = new Map<string, LoaderReader>();
	const lastGood = new Map<string, LastGood>();
	const changed = new Set<() => void>();
	const started = new Set<(collection: string, scope: Scope) => void>();
	const progressed = new Set<(collection: string, progress: LiveProgress) => void>();
	let loads = 0;
	const hook: LoaderHook = (report) => {
		if (report.kind === 'progress') {
			for (const listener of progressed) listener(report.collection, report.progress);
			return undefined;
		}
		if (report.kind === 'start') {
			const { collection } = report.reader;
			readers.set(collection, report.reader);
			for (const listener of started) listener(collection, report.scope);
			for (const listener of changed) listener();
			return { lastGood: lastGood.get(collection) };
		}
		loads++;
		if (report.good) lastGood.set(report.collection, report.good);
		for (const listener of changed) listener();
		return undefined;
	};
	const statuses = (): SyncStatus[] => [...readers.values()].map((reader) => reader.status());
	return {
		/** The integration's `LOADER_HOOK`. */
		hook,
		statuses,
		/** How many loads ended so far: a refresh that ran none failed before any loader. */
		loads: () => loads,
		running: () => [...readers.values()].some((reader) => reader.status().running),
		/** Every skipped product of every collection, with the loader's locales. */
		skipped(): { locales: readonly string[]; skipped: SkippedProduct[] }[] {
			return [...readers.values()].map((reader) => ({
				locales: reader.locales,
				skipped: reader.skipped(),
			}));
		},
		/** Collections whose sync failed with nothing stored, and why: their pages explain it. */
		nothingYet(): { collection: string; reason: string }[] {
			return [...readers.values()].flatMap((reader) => {
				const reason = reader.nothingYet();
				return reason === undefined ? [] : [{ collection: reader.collection, reason }];
			});
		},
		record(collection: string, id: string): RecordAnswer | undefined {
			const data = readers.get(collection)?.record(id);
			if (!data) return undefined;
			return { collection, id, sources: fieldSources(data as unknown as Product), data };
		},
		onChange: (listener: () => void) => changed.add(listener),
		onStart: (listener: (collection: string, scope: Scope) => void) => started.add(listener),
		onProgress: (listener: (collection: string, progress: LiveProgress) => void) =>
			progressed.add(listener),
	};
}

export type DevHub = ReturnType<typeof devHub>;

/** Which field each of the page's texts comes from: the pages' own rules (seo/page-meta.ts). */
function fieldSources(product: Product): string {
	const from = (text: string, order: ('seo_name' | 'name')[]) =>
		order.find((field) => presentText(product[field]) === text) ?? 'the ref';
	const title = from(productTitle(product), ['seo_name', 'name']);
	const heading = from(productHeading(product), ['name', 'seo_name']);
	const description =
		productDescription(product) === undefined
			? 'made from the product data'
			: 'from seo_description';
	return `<title> from ${title} · <h1> from ${heading} · description ${description}`;
}
