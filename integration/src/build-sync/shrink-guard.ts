import { AudioReviewsError } from '../errors/errors.js';
import { formatNumber } from '../format/numbers.js';
import { ENV, envFlag, type ResolvedProductsLoaderOptions } from './loader-options.js';
import type { SyncState } from './sync-meta.js';

/**
 * A sync far smaller than the last one is far more often an upstream accident (a wrong filter, a
 * half-migrated database) than the shop's intent; publishing it would take pages offline.
 */
export function guardShrink(
	resolved: ResolvedProductsLoaderOptions,
	state: SyncState,
	counts: ReadonlyMap<string, number>,
	stage: 'returned' | 'valid',
): void {
	if (resolved.maxShrink === false || !state.lastSync || envFlag(ENV.allowShrink)) return;
	for (const [locale, now] of counts) {
		const before = state.lastSync.products[locale] ?? 0;
		if (before === 0) continue;
		const gone = (before - now) / before;
		if (now === 0 || gone > resolved.maxShrink) {
			const what =
				stage === 'returned'
					? `The service returned ${formatNumber(now)} products`
					: `Only ${formatNumber(now)} products passed validation (onInvalid: "skip")`;
			throw new AudioReviewsError(
				`${what} for locale ${locale}, ${formatNumber(before)} at the last successful sync (${Math.round(gone * 100)}% gone, more than the ${Math.round(resolved.maxShrink * 100)}% \`maxShrink\` allows). ` +
					`Refusing to publish a catalogue that shrank this much, so the previous deploy stays live. If the shop really removed them, rebuild with ${ENV.allowShrink}=1, or raise \`maxShrink\` in productsLoader()`,
				{ endpoint: 'listProducts', locale },
			);
		}
	}
}
