import { sharedCacheInUse } from '../state/shared-cache.js';

/** Shares one in-flight promise among concurrent callers with the same key. */
export function singleFlight<T>(): (key: string, run: () => Promise<T>) => Promise<T> {
	const inFlight = new Map<string, Promise<T>>();
	return (key, run) => {
		// Behind a shared cache, which coalesces misses itself, a load started before a purge must
		// not be joined by a render started after it.
		if (sharedCacheInUse()) return run();
		const pending = inFlight.get(key);
		if (pending) return pending;
		const promise = run().finally(() => inFlight.delete(key));
		inFlight.set(key, promise);
		return promise;
	};
}
