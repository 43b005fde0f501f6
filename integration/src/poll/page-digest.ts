import { PollError } from '../errors/errors.js';
import { productPageDigest } from '../product-page/page-digest.js';
import { entryFacts, type WithRendered } from '../schema/entry-metadata.js';
import type { Product } from '../schema/product.js';

/**
 * The digest of what an entry's page shows: the one that moves its sitemap `lastmod`, so a
 * change poll calls the hook for is exactly a change the page would show.
 */
export function pageDigest(id: string, entry: WithRendered & { data: unknown }): string {
	const facts = entryFacts(entry);
	if (facts === undefined)
		throw new PollError(
			`The stored entry "${id}" carries no locale of productsLoader(): delete node_modules/.astro and run poll again, so the site's loader stores its entries afresh`,
			'usage',
		);
	return productPageDigest(entry.data as Product, facts.locale);
}
