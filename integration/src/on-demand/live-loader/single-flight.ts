/**
 * Shares one in-flight promise among concurrent callers with the same key; with `share` false
 * (behind a shared cache: `SHARE_LOADS_IN_FLIGHT`), every caller runs its own.
 */
export function singleFlight<T>(
	share: boolean,
): (key: string, run: () => Promise<T>) => Promise<T> {
	const inFlight = new Map<string, Promise<T>>();
	return (key, run) => {
		if (!share) return run();
		const pending = inFlight.get(key);
		if (pending) return pending;
		const promise = run().finally(() => inFlight.delete(key));
		inFlight.set(key, promise);
		return promise;
	};
}
