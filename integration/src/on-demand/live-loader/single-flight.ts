/** Whether a loader shares one load in flight between the renders asking for the same key. */
export interface LoadSharing {
	/**
	 * False behind a shared cache (`cacheVarnish()`), which coalesces misses itself: a render that
	 * starts after a purge must read the service afresh, never join a load sent before it. The
	 * integration's middleware turns it off through the live collection API.
	 */
	inFlight: boolean;
}

/** Shares one in-flight promise among concurrent callers with the same key, while `sharing` says so. */
export function singleFlight<T>(
	sharing: Readonly<LoadSharing>,
): (key: string, run: () => Promise<T>) => Promise<T> {
	const inFlight = new Map<string, Promise<T>>();
	return (key, run) => {
		if (!sharing.inFlight) return run();
		const pending = inFlight.get(key);
		if (pending) return pending;
		const promise = run().finally(() => inFlight.delete(key));
		inFlight.set(key, promise);
		return promise;
	};
}
