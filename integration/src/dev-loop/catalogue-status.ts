import type { SyncStatus } from './dev-status.js';
import { type RefreshContent, refreshCollections } from './refresh-collections.js';

/**
 * What the dev server knows of each `productsLoader()` collection's last sync, kept up to date
 * by the loaders themselves: `watch()` asks each one for its status once and subscribes to every
 * later load (the toolbar, `s + enter`, the webhook), so a page load costs no sync.
 */
export function catalogueStatus(refreshContent: RefreshContent) {
	const latest = new Map<string, SyncStatus>();
	const listeners = new Set<(statuses: SyncStatus[]) => void>();
	const statuses = () => [...latest.values()];
	const subscribe = (status: SyncStatus) => {
		latest.set(status.collection, status);
		for (const listener of listeners) listener(statuses());
	};
	return {
		statuses,
		onChange: (listener: (statuses: SyncStatus[]) => void) => listeners.add(listener),
		/** At start, and again after the content config changed (its loaders are new instances). */
		watch: () => refreshCollections(refreshContent, 'status', subscribe),
	};
}

export type CatalogueStatus = ReturnType<typeof catalogueStatus>;
