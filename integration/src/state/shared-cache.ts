import { processState } from './process-state.js';

/**
 * Whether this server process runs behind a shared cache (`cacheVarnish()`), which keeps every
 * page for all the processes. Then the process keeps nothing of its own, not even a load in
 * flight shared between two renders: a render that starts after a purge must read the service
 * afresh, never join a request sent before the purge (whose answer may be the old content).
 * The provider's factory (in the server's bundle) and the live loader (loaded by the content
 * layer) are separate module instances, hence the process-wide slot.
 */
interface SharedCacheMode {
	on: boolean;
}

function mode(): SharedCacheMode {
	return processState<SharedCacheMode>('shared-cache', () => ({ on: false }));
}

/** Called by the shared cache provider when the server process creates it. */
export function useSharedCache(): void {
	mode().on = true;
}

/** True once a shared cache provider runs in this process: loads are then never shared. */
export function sharedCacheInUse(): boolean {
	return mode().on;
}
