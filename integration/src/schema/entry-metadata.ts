import type { DataStore } from 'astro/loaders';

/**
 * What the loader tells the pages about each entry, in `rendered.metadata`, so `getCollection`
 * delivers it wherever the store is read, with no process-wide registry.
 */
export const METADATA_KEY = 'astroAudioReviews';

export interface EntryFacts {
	locale: string;
	/** The loader's locales in its order. */
	locales: readonly string[];
	/** When what the page renders last changed (ISO), for the sitemap's `lastmod`. */
	contentDate?: string | undefined;
}

export interface WithRendered {
	// `html` too: a live entry's `rendered` is typed `{ html }`, which shares no key with `{ metadata? }`.
	rendered?: { html?: string; metadata?: Record<string, unknown> | undefined } | undefined;
}

type Rendered = NonNullable<Parameters<DataStore['set']>[0]['rendered']>;

export function renderedWith(facts: EntryFacts): Rendered {
	return { html: '', metadata: { [METADATA_KEY]: facts } };
}

const isString = (value: unknown): value is string => typeof value === 'string';

export function entryFacts(entry: WithRendered): EntryFacts | undefined {
	const facts = entry.rendered?.metadata?.[METADATA_KEY] as Partial<EntryFacts> | undefined;
	if (
		!facts ||
		!isString(facts.locale) ||
		!Array.isArray(facts.locales) ||
		!facts.locales.every(isString)
	)
		return undefined;
	if (facts.contentDate !== undefined && !isString(facts.contentDate)) return undefined;
	return { locale: facts.locale, locales: facts.locales, contentDate: facts.contentDate };
}

function sameFacts(a: EntryFacts | undefined, b: EntryFacts): boolean {
	return (
		a !== undefined &&
		a.locale === b.locale &&
		a.contentDate === b.contentDate &&
		a.locales.join('\n') === b.locales.join('\n')
	);
}

export type FactsOf = (id: string, locale: string) => EntryFacts;

interface EntryLocales {
	locales: readonly string[];
	entryId: (locale: string, ref: string) => string;
}

export function factsFor(plan: EntryLocales, dateOf: (id: string) => string | undefined): FactsOf {
	return (id, locale) => ({ locale, locales: plan.locales, contentDate: dateOf(id) });
}

/** Stamps the entries among `ids` whose stored facts differ from what they should carry. */
export function stampEntries(
	store: DataStore,
	plan: EntryLocales,
	facts: FactsOf,
	ids: Iterable<string>,
): void {
	for (const id of ids) {
		const entry = store.get<{ external_id: string }>(id);
		if (!entry) continue;
		const locale =
			plan.locales.find((candidate) => plan.entryId(candidate, entry.data.external_id) === id) ??
			plan.locales[0]!;
		const wanted = facts(id, locale);
		if (sameFacts(entryFacts(entry as WithRendered), wanted)) continue;
		store.delete(id);
		store.set({ id, data: entry.data, digest: entry.digest, rendered: renderedWith(wanted) });
	}
}
