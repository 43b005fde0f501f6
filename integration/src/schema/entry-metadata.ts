import type { DataStore } from 'astro/loaders';

/**
 * What productsLoader() tells the pages about each entry, beside its data (which stays the
 * validated Product of API.md 2.1): it travels in the entry's `rendered.metadata`, so
 * `getCollection` delivers it wherever the store is read (a build, the dev server, an on-demand
 * server bundle), with no process-wide registry between the loader and the pages.
 */
export const METADATA_KEY = 'astroAudioReviews';

export interface EntryFacts {
	/** The locale the loader asked the service for. */
	locale: string;
	/** The loader's locales in its order (the first is served without a prefix unless configured otherwise). */
	locales: readonly string[];
	/** When the content the entry's page renders last changed (ISO), for the sitemap's `lastmod`. */
	contentDate?: string | undefined;
}

/** The part of an entry the facts are read from (`getCollection`'s entries and the store's). */
export interface WithRendered {
	rendered?: { metadata?: Record<string, unknown> | undefined } | undefined;
}

type Rendered = NonNullable<Parameters<DataStore['set']>[0]['rendered']>;

export function renderedWith(facts: EntryFacts): Rendered {
	return { html: '', metadata: { [METADATA_KEY]: facts } };
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** The facts productsLoader() stored with `entry`, or undefined when it carries none. */
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

/** The facts of the entry `id` (of `locale`) with `contentDate`. */
export type FactsOf = (id: string, locale: string) => EntryFacts;

/** The loader's locales and how it names an entry of each (its `LocalePlan`). */
interface EntryLocales {
	locales: readonly string[];
	entryId: (locale: string, ref: string) => string;
}

export function factsFor(plan: EntryLocales, dateOf: (id: string) => string | undefined): FactsOf {
	return (id, locale) => ({ locale, locales: plan.locales, contentDate: dateOf(id) });
}

/**
 * Gives each stored entry among `ids` the facts it should carry, rewriting only those whose facts
 * differ (a store written before the facts were kept, a date the dates file alone had).
 */
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
