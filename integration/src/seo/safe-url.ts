/**
 * Only absolute http(s) URLs reach `src`/`href` attributes: service data is untrusted, and
 * `javascript:` or `data:` URLs in an audio or avatar field would run script or spoof content.
 */
export function safeHttpUrl(value: string | undefined | null): string | undefined {
	if (typeof value !== 'string') return undefined;
	const trimmed = value.trim();
	// Protocol-relative and relative URLs depend on the page they land on: refuse them.
	if (!/^https?:\/\//i.test(trimmed)) return undefined;
	let url: URL;
	try {
		url = new URL(trimmed);
	} catch {
		return undefined;
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
	if (url.username !== '' || url.password !== '') return undefined;
	return url.href;
}

export interface DroppedUrl {
	value: string;
	field: string;
	ref: string;
}

/** A `safeHttpUrl` that reports every non-empty value it drops, for a warning naming ref and field. */
export function createUrlGuard(onDrop: (info: DroppedUrl) => void): (value: string | undefined, field: string, ref: string) => string | undefined {
	return (value, field, ref) => {
		const safe = safeHttpUrl(value);
		if (safe === undefined && typeof value === 'string' && value.trim() !== '') onDrop({ value, field, ref });
		return safe;
	};
}

/** Every URL field of a product the pages render, with its path, for warnings at sync time. */
export function unsafeUrlFields(product: {
	audio_url?: string | undefined;
	reviews: ReadonlyArray<{ audio_url?: string | undefined; user: { image_url?: string | undefined } }>;
}): Array<{ field: string; value: string }> {
	const found: Array<{ field: string; value: string }> = [];
	const check = (field: string, value: string | undefined) => {
		if (typeof value === 'string' && value.trim() !== '' && safeHttpUrl(value) === undefined) found.push({ field, value });
	};
	check('audio_url', product.audio_url);
	product.reviews.forEach((review, i) => {
		check(`reviews[${i}].audio_url`, review.audio_url);
		check(`reviews[${i}].user.image_url`, review.user.image_url);
	});
	return found;
}
