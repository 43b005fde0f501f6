import { idOf } from '../schema/validate.js';
import { ReusedItem } from './page-fetcher.js';

/** Keeps the first occurrence of every id, in list order. */
export function dedupe(all: readonly unknown[]): Array<unknown | ReusedItem> {
	const seen = new Set<string>();
	return all.filter((item) => firstSighting(seen, item));
}

/**
 * With `onPage`, hands each page over as it arrives and keeps only the ids (to drop duplicates and
 * count distinct products), so raw pages are not held until the last one.
 */
export function pageDelivery(
	onPage:
		| ((items: Array<unknown | ReusedItem>, page: { offset: number }) => void | Promise<void>)
		| undefined,
) {
	const seen = new Set<string>();
	let delivered = 0;
	return {
		async take(
			items: Array<unknown | ReusedItem>,
			offset: number,
		): Promise<Array<unknown | ReusedItem>> {
			if (!onPage) return items;
			const fresh = items.filter((item) => firstSighting(seen, item));
			delivered += fresh.length;
			await onPage(fresh, { offset });
			return [];
		},
		distinct: () => delivered,
	};
}

/** Whether `item`'s id is new to `seen` (and records it). */
function firstSighting(seen: Set<string>, item: unknown): boolean {
	const id = item instanceof ReusedItem ? item.id : idOf(item);
	// Items without an id cannot be deduplicated; keep them so validation reports them.
	if (id === undefined) return true;
	if (seen.has(id)) return false;
	seen.add(id);
	return true;
}
