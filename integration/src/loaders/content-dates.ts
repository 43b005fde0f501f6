import type { LoaderContext } from 'astro/loaders';
import type { Product } from '../schema/product.js';
import { processState } from '../state/process-state.js';

/**
 * When the content each entry's page renders last changed, kept across builds in the loader's
 * meta store: the sitemap's `lastmod`. An entry's date moves only when a digest of the fields the
 * pages render changes, so a product whose JSON changed elsewhere (widget config, experiments)
 * or that was merely re-sent keeps its date, and a rebuild never stamps every page with its own
 * time.
 */
type MetaStore = LoaderContext['meta'];
const META_KEY = 'aar:content-dates';

/** Entry id → [digest of the rendered fields, ISO date it was first seen with that digest]. */
type Dates = Record<string, [string, string]>;

export interface ContentDates {
	/** Records the entry's rendered content; its date moves to `now` only when that content differs. */
	observe(id: string, product: Product): void;
	/**
	 * Writes the dates of the entries in `kept` (others are forgotten) and publishes them to this
	 * build's pages. A kept entry without a date yet (a store written before dates were kept) is
	 * observed first, from `stored`.
	 */
	save(kept: ReadonlySet<string>, stored: (id: string) => Product | undefined): void;
}

/** The fields the pages render: a change anywhere else is no change of the page. */
function renderedFields(product: Product): unknown {
	const { external_id, name, seo_name, seo_description, audio_url, reviews } = product;
	return { external_id, name, seo_name, seo_description, audio_url, reviews };
}

export function contentDates(context: Pick<LoaderContext, 'meta' | 'collection' | 'generateDigest'>, now: string): ContentDates {
	const dates = readDates(context.meta);
	const observe = (id: string, product: Product) => {
		const digest = context.generateDigest(renderedFields(product) as Record<string, unknown>);
		if (dates[id]?.[0] !== digest) dates[id] = [digest, now];
	};
	return {
		observe,
		save(kept, stored) {
			for (const id of Object.keys(dates)) if (!kept.has(id)) delete dates[id];
			for (const id of kept) {
				const product = dates[id] === undefined ? stored(id) : undefined;
				if (product) observe(id, product);
			}
			context.meta.set(META_KEY, JSON.stringify(dates));
			publishContentDates(context.collection, dates);
		},
	};
}

/** Publishes the stored dates unchanged (a build served from the last known good store). */
export function publishStoredDates(context: Pick<LoaderContext, 'meta' | 'collection'>): void {
	publishContentDates(context.collection, readDates(context.meta));
}

export function clearContentDates(meta: MetaStore): void {
	meta.delete(META_KEY);
}

function readDates(meta: MetaStore): Dates {
	const raw = meta.get(META_KEY);
	if (raw === undefined) return {};
	try {
		const parsed = JSON.parse(raw) as unknown;
		return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Dates) : {};
	} catch {
		// A damaged value means "no dates yet": every page gets this build's date once.
		return {};
	}
}

/**
 * Loader and pages of one `astro build` run in the same process: a process-wide registry carries
 * the dates to `getStaticPaths` (like the locale registry).
 */
function registry(): Map<string, ReadonlyMap<string, string>> {
	return processState('content-dates', () => new Map<string, ReadonlyMap<string, string>>());
}

function publishContentDates(collection: string, dates: Dates): void {
	registry().set(collection, new Map(Object.entries(dates).map(([id, [, date]]) => [id, date])));
}

/** The content date of each entry of `collection` (ISO), as its loader recorded it in this process. */
export function contentDateOf(collection: string, id: string): string | undefined {
	return registry().get(collection)?.get(id);
}
