import type { DataStore } from 'astro/loaders';
import { countOf, formatNumber } from '../format/numbers.js';

/** Refs quoted in the warning before the rest are counted. */
const LISTED_REFS = 5;

/** Products whose `website.id` is not the configured `websiteId`. */
export function foreignWebsiteWarning(
	store: Pick<DataStore, 'get'>,
	ids: Iterable<string>,
	websiteId: string,
): string | undefined {
	// Keyed by ref: with several locales one product has one entry per locale.
	const byRef = new Map<string, string>();
	for (const id of ids) {
		const data = store.get(id)?.data as
			| { external_id?: unknown; website?: { id?: unknown } }
			| undefined;
		const owner = data?.website?.id;
		if (typeof owner === 'string' && owner.toLowerCase() !== websiteId.toLowerCase())
			byRef.set(String(data!.external_id ?? id), owner.slice(0, 80));
	}
	const foreign = [...byRef].map(
		([ref, owner]) => `${JSON.stringify(ref)} (website.id ${JSON.stringify(owner)})`,
	);
	if (foreign.length === 0) return undefined;
	const listed =
		foreign.slice(0, LISTED_REFS).join(', ') +
		(foreign.length > LISTED_REFS ? ` and ${formatNumber(foreign.length - LISTED_REFS)} more` : '');
	return (
		`${countOf(foreign.length, 'product belongs', 'products belong')} to another website than the configured websiteId ${websiteId}: ${listed}. ` +
		"They were built anyway; check that `websiteId` is this shop's, or ask the service why it returns products of another website"
	);
}
