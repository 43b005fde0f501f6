import type { LoaderContext } from 'astro/loaders';
import { clientFromResolved } from '../client/client.js';
import { NotFoundError } from '../errors/errors.js';
import type { LocalePlan, ResolvedProductsLoaderOptions } from '../options/loader-options.js';
import { type FactsOf, factsFor, renderedWith, stampEntries } from '../schema/entry-metadata.js';
import type { Product } from '../schema/product.js';
import { type ContentDates, contentDates } from './content-dates.js';
import { digestOfRaw, planEntry, STORE_FORMAT } from './stored-entry.js';
import { fingerprintOf } from './sync-state.js';
import { unsafeUrlWarnings } from './unsafe-url-warnings.js';

/** `refreshContent({ context: { astroAudioReviews: { refs } } })` from the dev refresh endpoint. */
export interface RefreshRequest {
	refs: string[];
}

export const REFRESH_CONTEXT_KEY = 'astroAudioReviews';

/** The refs a dev refresh names, or undefined for an ordinary (full) sync. */
export function refreshRequest(
	data: Record<string, unknown> | undefined,
): RefreshRequest | undefined {
	const request = data?.[REFRESH_CONTEXT_KEY] as { refs?: unknown } | undefined;
	if (!request || !Array.isArray(request.refs) || request.refs.length === 0) return undefined;
	const refs = request.refs.filter(
		(ref): ref is string => typeof ref === 'string' && ref.length > 0,
	);
	return refs.length > 0 ? { refs } : undefined;
}

type RefreshResult = 'updated' | 'removed' | 'unchanged';

/**
 * Targeted refresh (dev webhook): only the named products, through the single-product
 * endpoint, in every locale. A product the service no longer knows loses its entry.
 */
export async function refreshProducts(
	context: LoaderContext,
	resolved: ResolvedProductsLoaderOptions,
	plan: LocalePlan,
	request: RefreshRequest,
): Promise<void> {
	const client = clientFromResolved(resolved);
	const fingerprint = fingerprintOf(resolved, plan.locales, STORE_FORMAT);
	const dates = contentDates(
		{ ...context, fingerprint, localeOf: plan.localeOf },
		new Date().toISOString(),
	);
	const facts = factsFor(plan, dates.dateOf);
	const refreshOne = async (locale: string, ref: string): Promise<RefreshResult> => {
		const source = {
			endpoint: 'getProduct' as const,
			ref,
			locale,
			entryId: (of: string) => plan.entryId(locale, of),
		};
		try {
			const { product } = await client.getProductRaw(ref, {
				locale,
				variant: resolved.variant,
				type: resolved.type,
			});
			return await storeRefreshed(
				context,
				planEntry(product, source, context.store, digestOfRaw(context)),
				dates,
				facts,
			);
		} catch (error) {
			if (!(error instanceof NotFoundError)) throw error;
			context.store.delete(source.entryId(ref));
			return 'removed';
		}
	};
	const results = await Promise.all(
		plan.locales.flatMap((locale) => request.refs.map((ref) => refreshOne(locale, ref))),
	);
	const kept = new Set(context.store.keys());
	dates.save(kept, (id) => context.store.get<Product>(id)?.data);
	stampEntries(context.store, plan, facts, kept);
	const count = (what: RefreshResult) => results.filter((result) => result === what).length;
	context.logger.info(
		`Refreshed ${request.refs.map((ref) => JSON.stringify(ref)).join(', ')} (${plan.locales.join(', ')}): ${count('updated')} updated, ${count('removed')} removed, ${count('unchanged')} unchanged`,
	);
}

async function storeRefreshed(
	context: LoaderContext,
	entry: ReturnType<typeof planEntry>,
	dates: ContentDates,
	facts: FactsOf,
): Promise<RefreshResult> {
	if (entry.kind === 'invalid') throw entry.error;
	if (entry.kind === 'unchanged') return 'unchanged';
	const { id, data, digest, locale } = entry.entry;
	for (const warning of unsafeUrlWarnings(data, locale)) context.logger.warn(warning);
	dates.observe(id, data);
	context.store.set({
		id,
		data: await context.parseData({ id, data }),
		digest,
		rendered: renderedWith(facts(id, locale!)),
	});
	return 'updated';
}
