/** Cache tags for route caching and CDN purges. */
export function websiteTag(websiteId: string): string {
	return `aar-website-${websiteId.toLowerCase()}`;
}

export function productTag(websiteId: string, ref: string): string {
	return `aar-product-${websiteId.toLowerCase()}-${encodeURIComponent(ref)}`;
}

/**
 * On the pages that list products (on-demand sitemaps and hub pages): any change purges them,
 * since a product added, removed or renamed changes the lists it appears in.
 */
export function listsTag(websiteId: string): string {
	return `aar-lists-${websiteId.toLowerCase()}`;
}
