import type { LoaderContext } from 'astro/loaders';
import { AudioReviewsError } from '../errors/audio-reviews-error.js';
import type { ProductValidationError } from '../errors/product-validation-error.js';
import { ReusedItem } from '../sync/sync-catalogue.js';
import type { Delivery } from './fetch-products.js';
import type { LocalePlan } from './loader-options.js';
import { digestOfRaw, planEntry, type EntrySource, type StoredEntry } from './stored-entry.js';
import { unsafeUrlWarnings } from './unsafe-url-warnings.js';

/** Something to report later, with its product's list position (pages arrive in any order). */
interface Positioned<T> {
	position: number;
	value: T;
}

export interface StoreCounts {
	added: number;
	updated: number;
	unchanged: number;
}

/** What one locale's sync has delivered so far. Nothing of it is in the store yet. */
interface LocaleStage {
	/** Entry ids this sync keeps: unchanged ones and the changed ones below. */
	kept: Set<string>;
	changed: Array<Positioned<StoredEntry>>;
	counts: StoreCounts;
	/** Items the service returned, valid or not (the first shrink guard compares these). */
	returned: number;
	invalid: Array<Positioned<ProductValidationError>>;
	warnings: Array<Positioned<string>>;
	/** An entry id two products claimed: one would silently replace the other. */
	duplicate: string | undefined;
	/** A Not Modified page named a product the store does not hold: its items cannot be replayed. */
	missing: boolean;
}

function emptyStage(): LocaleStage {
	return { kept: new Set(), changed: [], counts: { added: 0, updated: 0, unchanged: 0 }, returned: 0, invalid: [], warnings: [], duplicate: undefined, missing: false };
}

/**
 * The catalogue as it arrives, page by page: each product planned (digest, validation) as
 * soon as its page is in, so raw pages die young; writes and deletions wait for `commit`,
 * which the caller runs only once the sync is complete and the guards passed.
 */
export function catalogueStage(context: LoaderContext, plan: LocalePlan) {
	const stages = new Map(plan.locales.map((locale) => [locale, emptyStage()]));
	const stageOf = (locale: string) => stages.get(locale)!;
	const digest = digestOfRaw(context);

	async function take({ locale, items, endpoint, position }: Delivery): Promise<void> {
		const stage = stageOf(locale);
		const source: EntrySource = { endpoint, locale, entryId: (ref) => plan.entryId(locale, ref) };
		stage.returned += items.length;
		for (const [index, raw] of items.entries()) {
			if (raw instanceof ReusedItem) {
				const id = plan.entryId(locale, raw.ref);
				if (context.store.has(id)) keep(stage, id, 'unchanged');
				else stage.missing = true;
				continue;
			}
			const entry = planEntry(raw, source, context.store, digest);
			if (entry.kind === 'invalid') stage.invalid.push({ position: position + index, value: entry.error });
			else if (entry.kind === 'unchanged') keep(stage, entry.id, 'unchanged');
			else {
				keep(stage, entry.entry.id, entry.replaces ? 'updated' : 'added');
				for (const warning of unsafeUrlWarnings(entry.entry.data, locale)) stage.warnings.push({ position: position + index, value: warning });
				// parseData applies the collection's schema: ours (which trusts what was just
				// validated), or the user's own if they replaced it.
				const data = await context.parseData({ id: entry.entry.id, data: entry.entry.data });
				stage.changed.push({ position: position + index, value: { ...entry.entry, data } });
			}
		}
	}

	function keep(stage: LocaleStage, id: string, as: keyof StoreCounts): void {
		if (stage.kept.has(id)) stage.duplicate ??= id;
		stage.kept.add(id);
		stage.counts[as]++;
	}

	const sorted = <T>(all: Array<Positioned<T>>) => all.sort((a, b) => a.position - b.position).map((item) => item.value);
	const each = <T>(read: (stage: LocaleStage) => T[]) => [...stages.values()].flatMap(read);

	return {
		take,
		/** Drops what a locale delivered (a discarded snapshot, or a locale fetched again). */
		reset: (locale: string) => void stages.set(locale, emptyStage()),
		returnedCounts: () => new Map([...stages].map(([locale, stage]) => [locale, stage.returned])),
		keptCounts: () => new Map([...stages].map(([locale, stage]) => [locale, stage.kept.size])),
		missingLocales: () => [...stages].filter(([, stage]) => stage.missing).map(([locale]) => locale),
		invalid: () => each((stage) => sorted(stage.invalid)),
		warnings: () => each((stage) => sorted(stage.warnings)),
		counts: (): StoreCounts & { kept: number } => {
			const total = { added: 0, updated: 0, unchanged: 0, kept: 0 };
			for (const stage of stages.values()) {
				total.added += stage.counts.added;
				total.updated += stage.counts.updated;
				total.unchanged += stage.counts.unchanged;
				total.kept += stage.kept.size;
			}
			return total;
		},
		assertUniqueRefs(): void {
			for (const [locale, stage] of stages) {
				if (stage.duplicate === undefined) continue;
				throw new AudioReviewsError(
					'Two products of the catalogue share this ref (external_id); entries and pages are keyed by ref, so one would silently replace the other. Fix the duplicate ref in the backoffice',
					{ ref: stage.duplicate, locale, endpoint: 'listProducts' },
				);
			}
		},
		/** Writes the changed entries and deletes every entry this sync did not keep. Returns how many were deleted. */
		commit(): number {
			const { store } = context;
			for (const stage of stages.values()) {
				// In list order, as a store filled in one pass would hold them.
				for (const entry of sorted(stage.changed)) store.set({ id: entry.id, data: entry.data, digest: entry.digest });
				stage.changed = [];
			}
			const all = [...stages.values()];
			let removed = 0;
			for (const id of store.keys()) {
				if (all.some((stage) => stage.kept.has(id))) continue;
				store.delete(id);
				removed++;
			}
			return removed;
		},
	};
}

export type CatalogueStage = ReturnType<typeof catalogueStage>;
