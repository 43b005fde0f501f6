import type { Product } from '../../schema/product.js';
import { productHeading } from '../seo/page-meta.js';

/** One product as a hub page lists it. */
export interface HubItem {
	name: string;
	path: string;
	/** The product page's content date, for the hub page's own. */
	lastmod?: string | undefined;
}

/**
 * The hub entry of `product`, whose page is at the site-relative `path`: the one place that
 * decides what a hub shows of a product, for the static hub pages and the on-demand ones alike.
 */
export function hubItemOf(product: Product, path: string, lastmod?: string | undefined): HubItem {
	return { name: productHeading(product), path, lastmod };
}
