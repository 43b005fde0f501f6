import type { Loader, LoaderContext } from 'astro/loaders';
import { clientFromResolved } from '../client/client.js';
import { AudioReviewsError } from '../errors/audio-reviews-error.js';
import type { ProductValidationError } from '../errors/product-validation-error.js';
import { productSchema } from '../schema/product.js';
import { refOf, validateProduct } from '../schema/validate.js';
import { unsafeUrlFields } from '../seo/safe-url.js';
import { fetchLocale } from './fetch-products.js';
import { registerLocales } from './locale-registry.js';
import { localePlan, resolveLoaderOptions, type ProductsLoaderOptions } from './loader-options.js';
import { fmt, progressLogger } from './progress-log.js';

export const LOADER_NAME = 'astro-audio-reviews';

/**
 * Bumped whenever what the loader stores for the same service JSON changes (schema or
 * normalisation), so entries written by an older version are rewritten, not kept.
 */
export const STORE_FORMAT = 1;

/** Errors listed one by one in the log before the rest are summarised. */
const LISTED_ERRORS = 20;

export type ProductsLoader = Loader & { name: typeof LOADER_NAME; schema: typeof productSchema };

/**
 * Build-time content loader: the website's whole catalogue (or `refs`), one entry per
 * product and locale, validated, with a digest so unchanged entries are not rewritten.
 */
export function productsLoader(options: ProductsLoaderOptions): ProductsLoader {
	const resolved = resolveLoaderOptions(options, 'productsLoader');
	const plan = localePlan(resolved);

	return {
		name: LOADER_NAME,
		schema: productSchema,
		async load(context: LoaderContext): Promise<void> {
			const { store, logger, parseData, generateDigest } = context;
			const started = performance.now();
			registerLocales(context.collection, plan.locales);
			const client = clientFromResolved(resolved);
			const onProgress = progressLogger(logger);

			const fetched = await Promise.all(
				plan.locales.map((locale) =>
					fetchLocale(client, resolved, locale, {
						onProgress,
						onResync: (loc, reason) => logger.warn(`Catalogue changed during the sync of locale ${loc} (${reason}); syncing again`),
					}),
				),
			);

			const kept = new Set<string>();
			const invalid: ProductValidationError[] = [];
			const counts = { added: 0, updated: 0, unchanged: 0 };

			for (const { locale, items, endpoint } of fetched) {
				for (const raw of items) {
					const rawRef = refOf(raw);
					const id = rawRef === undefined ? undefined : plan.entryId(locale, rawRef);
					const digest = generateDigest({ format: STORE_FORMAT, product: raw as Record<string, unknown> });
					const previous = id === undefined ? undefined : store.get(id);
					if (id !== undefined && previous?.digest === digest) {
						// Same JSON as the stored entry, which passed validation when it was written.
						claim(kept, id, locale);
						counts.unchanged++;
						continue;
					}
					const result = validateProduct(raw, { endpoint, locale });
					if (!result.success) {
						invalid.push(result.error);
						continue;
					}
					const entryId = plan.entryId(locale, result.data.external_id);
					claim(kept, entryId, locale);
					for (const { field, value } of unsafeUrlFields(result.data)) {
						logger.warn(
							`Product ref ${JSON.stringify(result.data.external_id)} (locale ${locale}): ${field} is not an http(s) URL (${JSON.stringify(value.slice(0, 60))}); pages will not render it`,
						);
					}
					const data = await parseData({ id: entryId, data: result.data });
					store.set({ id: entryId, data, digest });
					if (previous) counts.updated++;
					else counts.added++;
				}
			}

			if (invalid.length > 0) reportInvalid(invalid, resolved.onInvalid, logger);

			// Only after a complete sync: a product the service no longer returns (or that is now
			// invalid and skipped) must not keep a page.
			let removed = 0;
			for (const id of store.keys()) {
				if (!kept.has(id)) {
					store.delete(id);
					removed++;
				}
			}

			const seconds = ((performance.now() - started) / 1000).toFixed(1);
			const caps = [...new Set(fetched.map((f) => f.cap).filter((cap) => cap !== undefined))];
			logger.info(
				`Synced ${fmt(kept.size)} products (${plan.locales.join(', ')}) in ${seconds} s: ` +
					`${fmt(counts.added)} added, ${fmt(counts.updated)} updated, ${fmt(removed)} removed, ${fmt(counts.unchanged)} unchanged` +
					(invalid.length > 0 ? `, ${fmt(invalid.length)} invalid skipped` : '') +
					` · ${fmt(client.stats.requests)} requests, ${fmt(client.stats.retries)} retries` +
					(caps.length > 0 ? `, service page cap ${caps.join('/')}` : ''),
			);
		},
	};
}

/** Two products with one ref would silently overwrite each other's entry (and page). */
function claim(kept: Set<string>, id: string, locale: string): void {
	if (kept.has(id)) {
		throw new AudioReviewsError(
			'Two products of the catalogue share this ref (external_id); entries and pages are keyed by ref, so one would silently replace the other. Fix the duplicate ref in the backoffice',
			{ ref: id, locale, endpoint: 'listProducts' },
		);
	}
	kept.add(id);
}

function reportInvalid(invalid: readonly ProductValidationError[], mode: 'error' | 'skip', logger: LoaderContext['logger']): void {
	const log = mode === 'error' ? logger.error.bind(logger) : logger.warn.bind(logger);
	for (const error of invalid.slice(0, LISTED_ERRORS)) log(mode === 'skip' ? `Skipped: ${error.message}` : error.message);
	if (invalid.length > LISTED_ERRORS) log(`…and ${invalid.length - LISTED_ERRORS} more invalid products`);
	if (mode === 'error') {
		const first = invalid[0]!;
		throw new AudioReviewsError(
			`${invalid.length} product${invalid.length === 1 ? '' : 's'} failed validation. First: ${first.message}. ` +
				'Fix the data in the backoffice, or set `onInvalid: "skip"` in productsLoader() to build without them',
			{},
		);
	}
}
