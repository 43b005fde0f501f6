import { AudioReviewsError } from '../errors/audio-reviews-error.js';

/**
 * The collection the injected pages read must exist and hold products: otherwise the build
 * publishes a site without product pages and exits 0, and the change report lists every page
 * of the previous deploy as removed. Checked when the build starts, after the content sync, from
 * what the productsLoader() collections of this build recorded.
 */
export function checkCollection(collection: string, loaded: ReadonlyMap<string, number>): void {
	const entries = loaded.get(collection);
	if (entries === undefined) {
		const others = [...loaded.keys()].map((name) => JSON.stringify(name));
		throw new AudioReviewsError(
			others.length > 0
				? `audioReviews() reads the collection ${JSON.stringify(collection)}, but no collection of that name was loaded with productsLoader() (loaded: ${others.join(', ')}). ` +
						`Set \`collection: ${others[0]}\` in audioReviews(), or rename the collection in src/content.config.ts`
				: `audioReviews() reads the collection ${JSON.stringify(collection)}, but no collection of this build was loaded with productsLoader(). ` +
						`Declare it in src/content.config.ts: \`${/^[A-Za-z_$][\w$]*$/.test(collection) ? collection : JSON.stringify(collection)}: defineCollection({ loader: productsLoader({ baseUrl, websiteId }) })\`, or set \`collection\` in audioReviews() to the name you gave it`,
		);
	}
	if (entries === 0) {
		throw new AudioReviewsError(
			`The collection ${JSON.stringify(collection)} that audioReviews() reads is empty: productsLoader() stored no product, so the build would publish no product page. ` +
				'Check `websiteId`, `refs` and the filters (`withAudio`, `published`) passed to productsLoader()',
		);
	}
}
