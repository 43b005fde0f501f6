import type { AudioReviewsClient } from '../../client/client.js';
import type { ResolvedSharedOptions } from '../../options/shared-options.js';

export interface LiveSource {
	client: AudioReviewsClient;
	options: ResolvedSharedOptions;
}

// A string key, not a WeakMap, as two instances of this module (built, source) share the loader.
const SOURCE_KEY = 'astroAudioReviewsLiveSource';

export function withLiveSource<Loader extends object>(loader: Loader, source: LiveSource): Loader {
	return Object.defineProperty(loader, SOURCE_KEY, { value: Object.freeze({ ...source }) });
}

/** The source `productsLiveLoader()` attached to `loader`, or undefined for any other loader. */
export function liveSourceOfLoader(loader: unknown): LiveSource | undefined {
	if (typeof loader !== 'object' || loader === null) return undefined;
	const source: unknown = Reflect.get(loader, SOURCE_KEY);
	return isLiveSource(source) ? source : undefined;
}

function isLiveSource(value: unknown): value is LiveSource {
	if (typeof value !== 'object' || value === null) return false;
	const { client, options } = value as Partial<Record<keyof LiveSource, unknown>>;
	return (
		typeof client === 'object' &&
		client !== null &&
		typeof options === 'object' &&
		options !== null &&
		typeof (options as { websiteId?: unknown }).websiteId === 'string'
	);
}
