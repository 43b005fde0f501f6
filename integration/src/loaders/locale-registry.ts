/**
 * The order of a collection's locales, from the loader to the injected pages. The content
 * store sorts entries by id, so "the first locale" (the one served without a prefix,
 * CONTRACT.md) cannot be read back from `getCollection`. Loaders and pages of one `astro build`
 * run in the same process, so a process-wide registry carries it.
 */
const KEY = Symbol.for('astro-audio-reviews.locales');

type Registry = Map<string, readonly string[]>;

function registry(): Registry {
	const holder = globalThis as { [KEY]?: Registry };
	return (holder[KEY] ??= new Map());
}

export function registerLocales(collection: string, locales: readonly string[]): void {
	registry().set(collection, locales);
}

export function registeredLocales(collection: string): readonly string[] | undefined {
	return registry().get(collection);
}
