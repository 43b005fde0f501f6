import { AudioReviewsError } from '../errors/errors.js';

/**
 * Varnish refuses a header line past `http_req_hdr_len` (8 KB by default): a large purge names its
 * tags in several requests, each header well under the limit.
 */
export const PURGE_HEADER_MAX_BYTES = 6000;

/**
 * xkey splits on spaces and commas, so a site tag holding either is percent-encoded, here and on
 * the page. Two tags may then share a key: a purge may purge both, never leave a page unpurged.
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
			throw new AudioReviewsError(
				`Cache tag of ${size} bytes is longer than a purge header may be (${maxBytes}): ${tag.slice(0, 80)}…; give the page shorter tags (under ${maxBytes} bytes each)`,
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
