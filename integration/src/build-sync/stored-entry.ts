import type { DataStore, LoaderContext } from 'astro/loaders';
import type { Endpoint, ProductValidationError } from '../errors/errors.js';
import type { Product } from '../schema/product.js';
import { refOf, structureError, validateProduct } from '../schema/validate.js';
import { markValidated } from './loader-schema.js';

/** Bumped when what is stored for the same JSON changes, so older entries are rewritten. */
export const STORE_FORMAT = 1;

export interface EntrySource {
	endpoint: Endpoint;
	/** The locale asked for; undefined when the service chose. */
	locale: string | undefined;
	/** The ref asked for: names the entry and any error, whatever the body says. */
	ref?: string | undefined;
	entryId: (ref: string) => string;
}

export interface StoredEntry {
	id: string;
	locale: string | undefined;
	data: Product;
	/** Digest of the raw JSON (build loader): equal digests mean the entry is current. */
	digest: string | undefined;
	// What pages need beyond the product goes in `rendered.metadata`, never in `data`.
}

export type EntryResult =
	| { ok: true; entry: StoredEntry }
	| { ok: false; error: ProductValidationError };

/** Raw JSON becomes an entry only through the schema; invalid is an error naming ref and fields. */
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

export type StoredEntries = Pick<DataStore, 'get'>;

export type EntryPlan =
	| { kind: 'unchanged'; id: string }
	| { kind: 'changed'; entry: StoredEntry; replaces: boolean }
	| { kind: 'invalid'; error: ProductValidationError };

/** What storing a raw product would do, by digest first: an unchanged product costs one hash. */
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

export function digestOfRaw(
	context: Pick<LoaderContext, 'generateDigest'>,
): (raw: unknown) => string {
	return (raw) =>
		context.generateDigest({ format: STORE_FORMAT, product: raw as Record<string, unknown> });
}
