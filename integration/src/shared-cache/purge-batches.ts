/**
 * Varnish refuses a request whose header line is longer than `http_req_hdr_len` (8 KB by
 * default), or that has more than `http_max_hdr` (64) headers. A purge names its tags in one
 * header, so a large purge (a webhook naming 1,000 products) is split into several requests,
 * each header well under the limit, leaving room for the request line and the other headers.
 */
export const PURGE_HEADER_MAX_BYTES = 6000;

/**
 * The header's tag separator is a space (xkey splits on spaces and commas), so a tag of the
 * site's own holding either is percent-encoded, the same way here and on the page. (The
 * package's tags hold neither: their refs are percent-encoded already.) At worst two tags then
 * share a key, and a purge of one purges both: never a page left unpurged.
 */
export function headerTag(tag: string): string {
	return tag.replace(/[\s,]/g, (char) => encodeURIComponent(char));
}

/** The tags, de-duplicated, in groups whose space-separated length stays under the limit. */
export function purgeBatches(
	tags: readonly string[],
	maxBytes: number = PURGE_HEADER_MAX_BYTES,
): string[] {
	const batches: string[] = [];
	let current = '';
	for (const tag of new Set(tags.map(headerTag))) {
		const size = Buffer.byteLength(tag);
		if (size > maxBytes)
			throw new RangeError(
				`Cache tag of ${size} bytes is longer than a purge header may be (${maxBytes}): ${tag.slice(0, 80)}…`,
			);
		if (current !== '' && Buffer.byteLength(current) + 1 + size > maxBytes) {
			batches.push(current);
			current = '';
		}
		current = current === '' ? tag : `${current} ${tag}`;
	}
	if (current !== '') batches.push(current);
	return batches;
}
