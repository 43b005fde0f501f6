import { AudioReviewsError } from '../errors/errors.js';
import { failedSync, loadedCollections } from '../state/build-state.js';

/**
 * The collection the product pages read must exist and hold products: otherwise the build publishes
 * a site without product pages and exits 0 (and the change report lists every page of the previous
 * deploy as removed).
 */
export function requireEntries(entries: readonly unknown[], collection: string): void {
	if (entries.length === 0) throw emptyCollectionError(collection, loadedCollections());
}

/** At `astro:build:start`, after the sync: a productsLoader() collection that stored nothing. */
export function requireLoadedProducts(collection: string): void {
	const loaded = loadedCollections();
	if (loaded.get(collection) === 0) throw emptyCollectionError(collection, loaded);
}

/** Entries of another loader carry no digest: every build renders every product page again. */
export function otherLoaderWarning(collection: string): string | undefined {
	if (loadedCollections().has(collection)) return undefined;
	return `Entries of collection "${collection}" carry no digest, so incremental builds cannot skip unchanged product pages. Load the collection with productsLoader().`;
}

export function emptyCollectionError(
	collection: string,
	loaded: ReadonlyMap<string, number>,
): AudioReviewsError {
	const name = JSON.stringify(collection);
	const failure = failedSync(collection);
	if (failure !== undefined) {
		return new AudioReviewsError(
			`Nothing to show yet: the sync of collection ${name} failed and no earlier sync is stored (${failure}). ` +
				'The dev server keeps running: fix the cause, then press `s + enter` in its terminal or POST the refresh webhook',
		);
	}
	if (loaded.get(collection) === 0) {
		return new AudioReviewsError(
			`The collection ${name} that audioReviews() reads is empty: productsLoader() stored no product, so the build would publish no product page. ` +
				'Check `websiteId`, `refs` and the filters (`withAudio`, `published`) passed to productsLoader()',
		);
	}
	const others = [...loaded.keys()]
		.filter((other) => other !== collection)
		.map((other) => JSON.stringify(other));
	const key = /^[A-Za-z_$][\w$]*$/.test(collection) ? collection : name;
	return new AudioReviewsError(
		others.length > 0
			? `audioReviews() reads the collection ${name}, which does not exist or holds no entry (loaded with productsLoader(): ${others.join(', ')}). ` +
					`Set \`collection: ${others[0]}\` in audioReviews(), or give the collection that name in src/content.config.ts`
			: `audioReviews() reads the collection ${name}, which does not exist or holds no entry. ` +
					`Declare it in src/content.config.ts (\`${key}: defineCollection({ loader: productsLoader({ baseUrl, websiteId }) })\`), or set \`collection\` in audioReviews() to the name it has there`,
	);
}
