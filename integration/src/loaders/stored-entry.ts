import type { DataStore, LoaderContext } from 'astro/loaders';
import type { Endpoint, ProductValidationError } from '../errors/errors.js';
import type { Product } from '../schema/product.js';
import { refOf, structureError, validateProduct } from '../schema/validate.js';
import { markValidated } from './loader-schema.js';

/**
 * Bumped whenever what the loader stores for the same service JSON changes (schema or
 * normalisation), so entries written by an older version are rewritten, not kept.
 */
export const STORE_FORMAT = 1;

/** Where one raw product came from, and how its entry is named. */
export interface EntrySource {
	endpoint: Endpoint;
	/** The locale asked for; undefined when the service chose (live loader without a locale). */
	locale: string | undefined;
	/** The ref asked for (single-product endpoint): names the entry and any error, whatever the body says. */
	ref?: string | undefined;
	/** Entry id of a ref in this locale (the collection's id scheme). */
	entryId: (ref: string) => string;
}

/** One product as the loaders hand it to Astro. */
export interface StoredEntry {
	id: string;
	locale: string | undefined;
	data: Product;
	/** Digest of the raw JSON (build loader only): equal digests mean the stored entry is current. */
	digest: string | undefined;
	// What the pages need beyond the product (locale order, content date) is written beside it,
	// in `rendered.metadata`, never in `data`.
}

export type EntryResult =
	| { ok: true; entry: StoredEntry }
	| { ok: false; error: ProductValidationError };

/**
 * The one way raw service JSON becomes an entry: validated against the product schema (an
 * invalid product is an error naming its ref, locale and field paths, never an entry).
 */
export function entryFromRaw(raw: unknown, source: EntrySource, digest?: string): EntryResult {
	const result = validateProduct(raw, {
		endpoint: source.endpoint,
		ref: source.ref,
		locale: source.locale,
	});
	if (!result.success) return { ok: false, error: result.error };
	markValidated(result.data);
	const id = source.entryId(source.ref ?? result.data.external_id);
	return { ok: true, entry: { id, locale: source.locale, data: result.data, digest } };
}

/** The part of Astro's data store a plan reads: the entry an id holds now, if any. */
export type StoredEntries = Pick<DataStore, 'get'>;

export type EntryPlan =
	/** Same JSON as the stored entry, which passed validation when it was written: nothing to do. */
	| { kind: 'unchanged'; id: string }
	| { kind: 'changed'; entry: StoredEntry; replaces: boolean }
	| { kind: 'invalid'; error: ProductValidationError };

/**
 * What storing one raw product would do, decided by its digest before any validation: an
 * unchanged product costs one hash, a changed one is validated once.
 */
export function planEntry(
	raw: unknown,
	source: EntrySource,
	stored: StoredEntries,
	digestOfRaw: (raw: unknown) => string,
): EntryPlan {
	// Hashing recurses through the raw JSON: a value nested thousands deep must be refused first.
	const unsafe = structureError(raw, {
		endpoint: source.endpoint,
		ref: source.ref,
		locale: source.locale,
	});
	if (unsafe) return { kind: 'invalid', error: unsafe };
	const ref = source.ref ?? refOf(raw);
	const id = ref === undefined ? undefined : source.entryId(ref);
	const digest = digestOfRaw(raw);
	const previous = id === undefined ? undefined : stored.get(id);
	if (id !== undefined && previous?.digest === digest) return { kind: 'unchanged', id };
	const result = entryFromRaw(raw, source, digest);
	if (!result.ok) return { kind: 'invalid', error: result.error };
	return { kind: 'changed', entry: result.entry, replaces: previous !== undefined };
}

/** Digests the raw JSON together with the store format, so a new format rewrites every entry. */
export function digestOfRaw(
	context: Pick<LoaderContext, 'generateDigest'>,
): (raw: unknown) => string {
	return (raw) =>
		context.generateDigest({ format: STORE_FORMAT, product: raw as Record<string, unknown> });
}
