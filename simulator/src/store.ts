import { type CatalogueOptions, generateProduct, productIdentity } from './catalogue.js';
import { DuplicateRefError } from './errors.js';
import {
	isPublished,
	isReturnable,
	type ListQuery,
	matchesFilters,
	type SimProduct,
} from './model.js';

/**
 * One catalogue slot. Generated products are not kept: 100k products with transcripts would
 * take gigabytes. A slot starts as a ref alone (cheap, so 100k products are ready at once);
 * the first filtered query fills in what the list filters need (per-locale flags as
 * bitmasks), and the product itself is regenerated from (seed, index) whenever it is sent.
 * A product given explicitly, added, or mutated is "pinned": its model is kept and is the
 * truth from then on.
 */
interface Entry {
	ref: string;
	/** Generator index, or -1 for products that were never generated here. */
	index: number;
	/** Unpinned entries: NaN until summarised. */
	updatedAt: number;
	/** Bit i: has returnable / published audio in locales[i] (unpinned entries, once summarised). */
	returnable: number;
	published: number;
	pinned: SimProduct | undefined;
}

/** Bitmasks are 31 bits wide; locales beyond that are answered by regenerating the product. */
const MASK_LOCALES = 31;
/** Regenerated products kept, so a page or a hot product is not rebuilt on every request. */
const CACHE_SIZE = 1_024;

export class CatalogueStore {
	readonly locales: readonly string[];
	/**
	 * Last add, remove or mutation: a list page changes when a product elsewhere is inserted,
	 * removed, or starts or stops matching a filter, with none of its own items changing.
	 */
	structureChangedAt = 0;
	/** Last time handed out by `stamp`. */
	private lastStamp = 0;
	private readonly entries: Entry[] = [];
	private readonly byRef = new Map<string, Entry>();
	private readonly cache = new Map<number, SimProduct>();
	private nextIndex: number;

	/** `options.products` generated products (in index order), then `extra` as given. */
	constructor(
		private readonly options: CatalogueOptions,
		extra: readonly SimProduct[] = [],
	) {
		this.locales = options.locales ?? ['fr', 'en'];
		const count = options.products ?? 300;
		for (let index = 0; index < count; index++)
			this.push({
				ref: productIdentity(index, options).ref,
				index,
				updatedAt: Number.NaN,
				returnable: 0,
				published: 0,
				pinned: undefined,
			});
		for (const product of extra) this.push(pinnedEntry(product));
		this.nextIndex = count;
	}

	get size(): number {
		return this.entries.length;
	}

	refs(): string[] {
		return this.entries.map((entry) => entry.ref);
	}

	has(ref: string): boolean {
		return this.byRef.has(ref);
	}

	/** The internal model of a ref (regenerated when not pinned); do not mutate it, use `pin`. */
	get(ref: string): SimProduct | undefined {
		const entry = this.byRef.get(ref);
		return entry && this.resolve(entry);
	}

	/** The model of a ref, kept from now on so that mutations stick. */
	pin(ref: string): SimProduct | undefined {
		const entry = this.byRef.get(ref);
		if (!entry) return undefined;
		if (!entry.pinned) {
			// A fresh copy, not the cached one, so the cache never holds a mutated product.
			entry.pinned = generateProduct(entry.index, this.options);
			this.cache.delete(entry.index);
		}
		return entry.pinned;
	}

	/** Products matching the list filters, in catalogue order (filters apply before paging). Read-only. */
	query(query: ListQuery): readonly Entry[] {
		// No filter: the catalogue itself, not a copy of it per request (a 120,000-product copy costs more than the page).
		if (query.withAudio === undefined && query.published === undefined) return this.entries;
		const locale = query.locale ?? 'fr';
		const bit = this.locales.indexOf(locale);
		const out: Entry[] = [];
		for (const entry of this.entries) {
			if (entry.pinned || bit >= MASK_LOCALES) {
				if (matchesFilters(this.resolve(entry), query)) out.push(entry);
			} else {
				if (Number.isNaN(entry.updatedAt))
					this.summarise(entry, generateProduct(entry.index, this.options, { summaryOnly: true }));
				const mask = bit < 0 ? 0 : 1 << bit;
				if (query.withAudio !== undefined && ((entry.returnable & mask) !== 0) !== query.withAudio)
					continue;
				if (query.published !== undefined && ((entry.published & mask) !== 0) !== query.published)
					continue;
				out.push(entry);
			}
		}
		return out;
	}

	resolve(entry: Entry): SimProduct {
		if (entry.pinned) return entry.pinned;
		let product = this.cache.get(entry.index);
		if (product) {
			// Refresh its place: Map iteration order is insertion order, oldest first.
			this.cache.delete(entry.index);
		} else {
			product = generateProduct(entry.index, this.options);
			if (Number.isNaN(entry.updatedAt)) this.summarise(entry, product);
			if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
		}
		this.cache.set(entry.index, product);
		return product;
	}

	updatedAt(entry: Entry): number {
		if (entry.pinned) return entry.pinned.updatedAt;
		if (Number.isNaN(entry.updatedAt)) this.resolve(entry);
		return entry.updatedAt;
	}

	/** Appends a product, dated now; duplicates are refused so `byRef` stays one-to-one. */
	add(product: SimProduct): void {
		if (this.byRef.has(product.external_id))
			throw new DuplicateRefError(
				`simulator: a product with ref ${JSON.stringify(product.external_id)} exists`,
			);
		product.updatedAt = this.stamp(product.updatedAt);
		this.push(pinnedEntry(product));
		this.structureChangedAt = product.updatedAt;
	}

	/** The next product the generator would make, with a ref unused so far. */
	generateNew(): SimProduct {
		for (;;) {
			const product = generateProduct(this.nextIndex++, this.options);
			if (!this.byRef.has(product.external_id)) return product;
		}
	}

	remove(ref: string): boolean {
		const entry = this.byRef.get(ref);
		if (!entry) return false;
		this.byRef.delete(ref);
		this.entries.splice(this.entries.indexOf(entry), 1);
		// A product listed twice (explicit catalogue) stays reachable through its other slot.
		const twin = this.entries.find((other) => other.ref === ref);
		if (twin) this.byRef.set(ref, twin);
		this.structureChangedAt = this.stamp(this.structureChangedAt);
		return true;
	}

	/**
	 * Applies a change to a product's model and marks it changed: strictly later, in whole
	 * seconds, than anything served before, so both ETag and Last-Modified move. A changed
	 * `external_id` re-keys the product.
	 */
	mutate(ref: string, change: (product: SimProduct) => void): boolean {
		const entry = this.byRef.get(ref);
		const product = this.pin(ref);
		if (!entry || !product) return false;
		change(product);
		product.updatedAt = this.stamp(product.updatedAt);
		this.structureChangedAt = product.updatedAt;
		if (product.external_id !== entry.ref) {
			if (this.byRef.has(product.external_id)) {
				const taken = product.external_id;
				product.external_id = entry.ref;
				throw new DuplicateRefError(
					`simulator: a product with ref ${JSON.stringify(taken)} exists`,
				);
			}
			this.byRef.delete(entry.ref);
			entry.ref = product.external_id;
			this.byRef.set(entry.ref, entry);
		}
		return true;
	}

	/**
	 * The time of a change: now rounded up to the second, and strictly later (by a second, the
	 * resolution of Last-Modified) than every change before it, catalogue-wide. A page's
	 * Last-Modified is a max over several clocks (its items, insertions, removals), so only a
	 * single monotonic clock guarantees that any change to the page moves it. Under more than
	 * one change per second the clock runs ahead of real time; the ETag stays exact regardless.
	 */
	stamp(previous = 0): number {
		const next = Math.max(
			Math.ceil(Date.now() / 1000) * 1000,
			this.lastStamp + 1000,
			Math.floor(previous / 1000) * 1000 + 1000,
		);
		this.lastStamp = next;
		return next;
	}

	private push(entry: Entry): void {
		this.entries.push(entry);
		if (!this.byRef.has(entry.ref)) this.byRef.set(entry.ref, entry);
	}

	/** Fills in the flags and date of an unpinned entry from its (regenerated) product. */
	private summarise(entry: Entry, product: SimProduct): void {
		let returnable = 0;
		let published = 0;
		this.locales.forEach((locale, bit) => {
			if (bit >= MASK_LOCALES) return;
			if (product.reviews.some((audio) => isReturnable(audio, locale))) returnable |= 1 << bit;
			if (product.reviews.some((audio) => isPublished(audio, locale))) published |= 1 << bit;
		});
		entry.returnable = returnable;
		entry.published = published;
		entry.updatedAt = product.updatedAt;
	}
}

function pinnedEntry(product: SimProduct): Entry {
	return {
		ref: product.external_id,
		index: -1,
		updatedAt: product.updatedAt,
		returnable: 0,
		published: 0,
		pinned: product,
	};
}
