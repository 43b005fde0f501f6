/**
 * The only state the package keeps on `globalThis`: loaders, pages and hooks load the package as
 * separate module instances in one process. docs/development.md (Channels) names each slot's
 * writer and readers.
 */
export type ProcessStateSlot = 'build-state' | 'sitemap' | 'published-pages';

/** The process-wide value of `slot`, created on first use. */
export function processState<T>(slot: ProcessStateSlot, create: () => T): T {
	const key = Symbol.for(`astro-audio-reviews.${slot}`);
	const holder = globalThis as { [key: symbol]: unknown };
	if (!(key in holder)) holder[key] = create();
	return holder[key] as T;
}
