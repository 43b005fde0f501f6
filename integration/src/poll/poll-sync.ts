import type { LoaderContext } from 'astro/loaders';
import { type Delivery, duplicateRefError } from '../build-sync/catalogue-stage.js';
import { type FetchedLocale, fetchLocale } from '../build-sync/fetch-products.js';
import type { LocalePlan, ResolvedProductsLoaderOptions } from '../build-sync/loader-options.js';
import { progressLogger } from '../build-sync/progress-log.js';
import { guardShrink } from '../build-sync/shrink-guard.js';
import { digestOfRaw, entryFromRaw, STORE_FORMAT } from '../build-sync/stored-entry.js';
import { fingerprintChanges, fingerprintOf, type SyncState } from '../build-sync/sync-meta.js';
import { reportInvalid } from '../build-sync/sync-summary.js';
import { clientFromResolved } from '../client/client.js';
import { ReusedItem } from '../client/sync-catalogue.js';
import type { ProductValidationError } from '../errors/errors.js';
import { formatNumber } from '../format/numbers.js';
import { productPageDigest } from '../pages/page-digest.js';
import type { PollPages } from '../schema/own-files.js';
import type { Product } from '../schema/product.js';
import { refOf, structureError } from '../schema/validate.js';
import {
	joinDigests,
	rawDigestOf,
	readPollPages,
	shortDigest,
	writePollPages,
} from './poll-pages.js';

/** What one locale delivered: page digests by entry id, nothing of it in Astro's store. */
interface LocaleDigests {
	entries: Record<string, string>;
	returned: number;
	invalid: Array<{ position: number; error: ProductValidationError }>;
	/** A 304 page named an entry the previous file lacks: ask the locale again in full. */
	missing: boolean;
	duplicate: string | undefined;
}

const empty = (): LocaleDigests => ({
	entries: {},
	returned: 0,
	invalid: [],
	missing: false,
	duplicate: undefined,
});

/** Every locale's digests as pages arrive; an unchanged product costs one hash of its JSON. */
class DigestStage {
	readonly #stages: Map<string, LocaleDigests>;
	readonly #rawDigest: (raw: unknown) => string;

	constructor(
		readonly context: LoaderContext,
		readonly plan: LocalePlan,
		readonly previous: PollPages | undefined,
	) {
		this.#stages = new Map(plan.locales.map((locale) => [locale, empty()]));
		this.#rawDigest = digestOfRaw(context);
	}

	reset(locale: string): void {
		this.#stages.set(locale, empty());
	}

	readonly take = async ({ locale, items, endpoint, position }: Delivery): Promise<void> => {
		const stage = this.#stages.get(locale)!;
		const before = this.previous?.locales[locale]?.entries ?? {};
		const entryId = (ref: string) => this.plan.entryId(locale, ref);
		const keep = (id: string, value: string) => {
			if (id in stage.entries) stage.duplicate ??= id;
			stage.entries[id] = value;
		};
		stage.returned += items.length;
		for (const [index, raw] of items.entries()) {
			if (raw instanceof ReusedItem) {
				const known = before[entryId(raw.ref)];
				if (known === undefined) stage.missing = true;
				else keep(entryId(raw.ref), known);
				continue;
			}
			const unsafe = structureError(raw, { endpoint, locale });
			if (unsafe) {
				stage.invalid.push({ position: position + index, error: unsafe });
				continue;
			}
			const ref = refOf(raw);
			const digest = this.#rawDigest(raw);
			const known = ref === undefined ? undefined : before[entryId(ref)];
			if (known !== undefined && rawDigestOf(known) === digest) {
				keep(entryId(ref!), known);
				continue;
			}
			const result = entryFromRaw(raw, { endpoint, locale, entryId });
			if (!result.ok) {
				stage.invalid.push({ position: position + index, error: result.error });
				continue;
			}
			const { id } = result.entry;
			// The collection's schema, as the build stores it: the page shows what it returns.
			const data = (await this.context.parseData({ id, data: result.entry.data })) as Product;
			keep(id, joinDigests(digest, shortDigest(productPageDigest(data, locale))));
		}
	};

	counts(of: (stage: LocaleDigests) => number): Map<string, number> {
		return new Map([...this.#stages].map(([locale, stage]) => [locale, of(stage)]));
	}

	missingLocales(): string[] {
		return [...this.#stages].filter(([, stage]) => stage.missing).map(([locale]) => locale);
	}

	invalid(): ProductValidationError[] {
		return [...this.#stages.values()].flatMap((stage) =>
			stage.invalid.sort((a, b) => a.position - b.position).map((item) => item.error),
		);
	}

	entries(locale: string): Record<string, string> {
		return this.#stages.get(locale)!.entries;
	}

	assertUnique(): void {
		for (const [locale, stage] of this.#stages)
			if (stage.duplicate !== undefined) throw duplicateRefError(stage.duplicate, locale);
	}
}

/**
 * poll's sync: the site's own loader with its own options fetches the catalogue as a build would
 * (conditionally, same guards, same validation), but keeps only the digest of what each page
 * shows, in the package's own file, and writes nothing to Astro's store.
 */
export async function pollSync(
	context: LoaderContext,
	resolved: ResolvedProductsLoaderOptions,
	plan: LocalePlan,
	file: URL,
): Promise<void> {
	const { logger } = context;
	const fingerprint = fingerprintOf(resolved, plan.locales, STORE_FORMAT);
	const loaded = await readPollPages(file);
	const previous =
		loaded?.collection === context.collection &&
		fingerprintChanges(loaded.fingerprint, fingerprint).length === 0
			? loaded
			: undefined;
	const state: SyncState = {
		fingerprint,
		lastSync: previous && { at: previous.syncedAt, products: previous.products },
		pages: (locale) => previous?.locales[locale]?.pages ?? undefined,
	};
	const client = clientFromResolved(resolved);
	const stage = new DigestStage(context, plan, previous);
	const onProgress = progressLogger(logger);
	const fetchAll = (locales: readonly string[], conditional: boolean) =>
		Promise.all(
			locales.map((locale) =>
				fetchLocale(client, resolved, locale, {
					onProgress,
					onResync: (resynced, reason) => {
						stage.reset(resynced);
						logger.warn(
							`Catalogue changed during the sync of locale ${resynced} (${reason}); syncing again`,
						);
					},
					onItems: stage.take,
					previous: conditional && resolved.conditional ? state.pages(locale) : undefined,
				}),
			),
		);

	let fetched: FetchedLocale[] = await fetchAll(plan.locales, true);
	guardShrink(
		resolved,
		state,
		stage.counts((of) => of.returned),
		'returned',
	);
	const missing = stage.missingLocales();
	if (missing.length > 0) {
		logger.info(
			`Re-fetching locale ${missing.join(', ')} in full: an unchanged page names products poll has no digest of`,
		);
		for (const locale of missing) stage.reset(locale);
		const again = await fetchAll(missing, false);
		fetched = fetched.map((entry) => again.find((other) => other.locale === entry.locale) ?? entry);
	}
	stage.assertUnique();
	const invalid = stage.invalid();
	if (invalid.length > 0) reportInvalid(invalid, resolved.onInvalid, logger);
	const kept = stage.counts((of) => Object.keys(of.entries).length);
	guardShrink(resolved, state, kept, 'valid');

	await writePollPages(file, {
		collection: context.collection,
		fingerprint,
		syncedAt: new Date().toISOString(),
		products: Object.fromEntries(kept),
		locales: Object.fromEntries(
			fetched.map(({ locale, pages }) => [
				locale,
				{ pages: pages ?? null, entries: stage.entries(locale) },
			]),
		),
	});
	const notModified = fetched.reduce((sum, entry) => sum + entry.notModified, 0);
	logger.info(
		`Compared ${formatNumber([...kept.values()].reduce((a, b) => a + b, 0))} page entries for poll (${formatNumber(notModified)} list pages not modified)`,
	);
}
