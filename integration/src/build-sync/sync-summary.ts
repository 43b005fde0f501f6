import type { LoaderContext } from 'astro/loaders';
import type { AudioReviewsClient } from '../client/client.js';
import type { ProductValidationError } from '../errors/errors.js';
import { InvalidProductsError } from '../errors/errors.js';
import { countOf, formatNumber } from '../format/numbers.js';
import type { StoreCounts } from './catalogue-stage.js';
import type { FetchedLocale } from './fetch-products.js';

type Logger = LoaderContext['logger'];

/** Errors listed one by one in the log before the rest are summarised. */
const LISTED_ERRORS = 20;

/** Logs the invalid products; with `onInvalid: "error"` the build then fails, naming the first. */
export function reportInvalid(
	invalid: readonly ProductValidationError[],
	mode: 'error' | 'skip',
	logger: Logger,
): void {
	const log = mode === 'error' ? logger.error.bind(logger) : logger.warn.bind(logger);
	for (const error of invalid.slice(0, LISTED_ERRORS))
		log(mode === 'skip' ? `Skipped: ${error.message}` : error.message);
	if (invalid.length > LISTED_ERRORS)
		log(`…and ${invalid.length - LISTED_ERRORS} more invalid products`);
	if (mode === 'error') {
		const first = invalid[0]!;
		throw new InvalidProductsError(
			`${countOf(invalid.length, 'product')} failed validation. First: ${first.message}. ` +
				'Fix the data in the backoffice, or set `onInvalid: "skip"` in productsLoader() to build without them',
			invalid,
		);
	}
}

export interface SyncOutcome {
	locales: readonly string[];
	/** Distinct products (refs) across the locales. */
	products: number;
	startedAt: number;
	counts: StoreCounts & { kept: number };
	removed: number;
	invalid: number;
	fetched: readonly FetchedLocale[];
	client: AudioReviewsClient;
}

/** The one line a sync leaves in the log. */
export function logSyncSummary(logger: Logger, outcome: SyncOutcome): void {
	const { counts, fetched, client } = outcome;
	const seconds = ((performance.now() - outcome.startedAt) / 1000).toFixed(1);
	const caps = [...new Set(fetched.map((f) => f.cap).filter((cap) => cap !== undefined))];
	const notModified = fetched.reduce((sum, f) => sum + f.notModified, 0);
	logger.info(
		`Synced ${syncedWhat(outcome.locales, outcome.products, counts.kept)} in ${seconds} s: ` +
			`${formatNumber(counts.added)} added, ${formatNumber(counts.updated)} updated, ${formatNumber(outcome.removed)} removed, ${formatNumber(counts.unchanged)} unchanged` +
			(outcome.invalid > 0 ? `, ${formatNumber(outcome.invalid)} invalid skipped` : '') +
			` · ${formatNumber(client.stats.requests)} requests${notModified > 0 ? ` (${formatNumber(notModified)} not modified)` : ''}, ${formatNumber(client.stats.retries)} retries` +
			(caps.length > 0 ? `, service page cap ${caps.join('/')}` : ''),
	);
}

/** `500 products (fr)`, or with several locales `500 products × 2 locales (fr, en): 1,000 entries`. */
function syncedWhat(locales: readonly string[], products: number, entries: number): string {
	const list = locales.join(', ');
	if (locales.length === 1) return `${formatNumber(entries)} products (${list})`;
	return `${formatNumber(products)} products × ${locales.length} locales (${list}): ${formatNumber(entries)} entries`;
}
