import type { LoaderContext } from 'astro/loaders';
import { ReusedItem } from '../client/sync-catalogue.js';
import type { ProductValidationError } from '../errors/errors.js';
import { AudioReviewsError, type Endpoint } from '../errors/errors.js';
import type { LocalePlan } from './loader-options.js';
import { digestOfRaw, type EntrySource, planEntry, type StoredEntry } from './stored-entry.js';
import { unsafeUrlWarnings } from './unsafe-url-warnings.js';

type Rendered = Parameters<LoaderContext['store']['set']>[0]['rendered'];

/** Something to report later, with its product's list position (pages arrive in any order). */
interface Positioned<T> {
	position: number;
	value: T;
}

/** Raw product JSON as the service sent it, or a `ReusedItem` where a page was Not Modified. */
export interface Delivery {
	locale: string;
	items: Array<unknown | ReusedItem>;
	endpoint: Endpoint;
	position: number;
}

export interface StoreCounts {
	added: number;
	updated: number;
	unchanged: number;
}

/** What one locale's sync has delivered so far. Nothing of it is in the store yet. */
interface LocaleStage {
	kept: Set<string>;
	changed: Array<Positioned<StoredEntry>>;
	counts: StoreCounts;
	/** Items returned, valid or not (the first shrink guard compares these). */
	returned: number;
	invalid: Array<Positioned<ProductValidationError>>;
	warnings: Array<Positioned<string>>;
	/** An entry id two products claimed: one would silently replace the other. */
	duplicate: string | undefined;
	/** A Not Modified page named a product the store does not hold: its items cannot be replayed. */
	missing: boolean;
}

function emptyStage(): LocaleStage {
	return {
		kept: new Set(),
		changed: [],
		counts: { added: 0, updated: 0, unchanged: 0 },
		returned: 0,
		invalid: [],
		warnings: [],
		duplicate: undefined,
		missing: false,
	};
}

/**
 * The catalogue planned page by page as it arrives, so raw pages die young; writes and deletions
 * wait for `commit`, run only once the sync is complete and the guards passed.
 */
export class CatalogueStage {
	readonly #context: LoaderContext;
	readonly #plan: LocalePlan;
	readonly #digest: (raw: unknown) => string;
	readonly #stages: Map<string, LocaleStage>;

	constructor(context: LoaderContext, plan: LocalePlan) {
		this.#context = context;
		this.#plan = plan;
		this.#digest = digestOfRaw(context);
		this.#stages = new Map(plan.locales.map((locale) => [locale, emptyStage()]));
	}

	readonly take = async ({ locale, items, endpoint, position }: Delivery): Promise<void> => {
		const stage = this.#stages.get(locale)!;
		const source: EntrySource = {
			endpoint,
			locale,
			entryId: (ref) => this.#plan.entryId(locale, ref),
		};
		stage.returned += items.length;
		for (const [index, raw] of items.entries()) {
			if (raw instanceof ReusedItem) {
				const id = source.entryId(raw.ref);
				if (this.#context.store.has(id)) keep(stage, id, 'unchanged');
				else stage.missing = true;
				continue;
			}
			const entry = planEntry(raw, source, this.#context.store, this.#digest);
			if (entry.kind === 'invalid')
				stage.invalid.push({ position: position + index, value: entry.error });
			else if (entry.kind === 'unchanged') keep(stage, entry.id, 'unchanged');
			else await this.#stageChanged(stage, entry.entry, entry.replaces, position + index);
		}
	};

	async #stageChanged(
		stage: LocaleStage,
		entry: StoredEntry,
		replaces: boolean,
		position: number,
	): Promise<void> {
		keep(stage, entry.id, replaces ? 'updated' : 'added');
		for (const warning of unsafeUrlWarnings(entry.data, entry.locale))
			stage.warnings.push({ position, value: warning });
		// The collection's schema: ours (trusting what was just validated), or the user's own.
		const data = await this.#context.parseData({ id: entry.id, data: entry.data });
		stage.changed.push({ position, value: { ...entry, data } });
	}

	/** Drops what a locale delivered (a discarded snapshot, or a locale fetched again). */
	reset(locale: string): void {
		this.#stages.set(locale, emptyStage());
	}

	returnedCounts(): Map<string, number> {
		return new Map([...this.#stages].map(([locale, stage]) => [locale, stage.returned]));
	}

	keptCounts(): Map<string, number> {
		return new Map([...this.#stages].map(([locale, stage]) => [locale, stage.kept.size]));
	}

	/** Locales where a 304 page named a product the store lacks: fetch without validators. */
	missingLocales(): string[] {
		return [...this.#stages].filter(([, stage]) => stage.missing).map(([locale]) => locale);
	}

	invalid(): ProductValidationError[] {
		return [...this.#stages.values()].flatMap((stage) => inListOrder(stage.invalid));
	}

	warnings(): string[] {
		return [...this.#stages.values()].flatMap((stage) => inListOrder(stage.warnings));
	}

	counts(): StoreCounts & { kept: number } {
		const total = { added: 0, updated: 0, unchanged: 0, kept: 0 };
		for (const { counts, kept } of this.#stages.values()) {
			total.added += counts.added;
			total.updated += counts.updated;
			total.unchanged += counts.unchanged;
			total.kept += kept.size;
		}
		return total;
	}

	assertUniqueRefs(): void {
		for (const [locale, stage] of this.#stages) {
			if (stage.duplicate !== undefined) throw duplicateRefError(stage.duplicate, locale);
		}
	}

	keptIds(): Set<string> {
		return new Set([...this.#stages.values()].flatMap((stage) => [...stage.kept]));
	}

	/** Writes changed entries, each with its `rendered`; deletes the rest and says how many. */
	commit(rendered?: (entry: StoredEntry) => Rendered | undefined): number {
		const { store } = this.#context;
		const stages = [...this.#stages.values()];
		for (const stage of stages) {
			for (const entry of inListOrder(stage.changed)) {
				store.set({
					id: entry.id,
					data: entry.data,
					digest: entry.digest,
					rendered: rendered?.(entry),
				});
			}
			stage.changed = [];
		}
		let removed = 0;
		for (const id of store.keys()) {
			if (stages.some((stage) => stage.kept.has(id))) continue;
			store.delete(id);
			removed++;
		}
		return removed;
	}
}

/** Entries and pages are keyed by ref: two products with one ref would silently become one. */
export function duplicateRefError(ref: string, locale: string): AudioReviewsError {
	return new AudioReviewsError(
		'Two products of the catalogue share this ref (external_id); entries and pages are keyed by ref, so one would silently replace the other. Fix the duplicate ref in the backoffice',
		{ ref, locale, endpoint: 'listProducts' },
	);
}

function keep(stage: LocaleStage, id: string, as: keyof StoreCounts): void {
	if (stage.kept.has(id)) stage.duplicate ??= id;
	stage.kept.add(id);
	stage.counts[as]++;
}

function inListOrder<T>(all: Array<Positioned<T>>): T[] {
	return all.sort((a, b) => a.position - b.position).map((item) => item.value);
}
