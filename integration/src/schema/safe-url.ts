// Only absolute http(s) URLs may reach `src`/`href` attributes or JSON-LD: service data is
// untrusted, and a `javascript:`, `data:` or `vbscript:` URL in an audio or avatar field would
// run script or spoof content on the user's site.

// Checked on the raw text before `new URL()`, which would accept `https:example.com` or resolve
// a relative or protocol-relative (`//host`) URL against nothing or against the wrong page.
const ABSOLUTE_HTTP = /^https?:\/\//i;

/** The normalised absolute http(s) URL, or undefined for anything else (relative, other schemes, credentials). */
export function safeHttpUrl(value: string | undefined | null): string | undefined {
	if (typeof value !== 'string') return undefined;
	const trimmed = value.trim();
	if (!ABSOLUTE_HTTP.test(trimmed)) return undefined;
	let url: URL;
	try {
		url = new URL(trimmed);
	} catch {
		return undefined;
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
	// `https://user:pass@host` leaks secrets into public HTML and is a classic spoofing trick.
	if (url.username !== '' || url.password !== '') return undefined;
	// `href` is percent-encoded: no quote, space or angle bracket survives into an attribute.
	return url.href;
}

/** What a URL guard reports for a value it dropped. */
export interface DroppedUrl {
	/** The value as the service sent it. */
	value: string;
	/** Field path inside the product, e.g. `reviews[1].audio_url`. */
	field: string;
	/** The product's `external_id`. */
	ref: string;
}

/** Signature of the filter a URL guard returns. */
export type UrlGuard = (
	value: string | undefined,
	field: string,
	ref: string,
) => string | undefined;

/** A `safeHttpUrl` that reports every non-empty value it drops, so the integration can warn with ref and field. */
export function createUrlGuard(onDrop: (info: DroppedUrl) => void): UrlGuard {
	return (value, field, ref) => {
		const safe = safeHttpUrl(value);
		// An absent or blank URL is just "no audio": not worth a warning.
		if (safe === undefined && typeof value === 'string' && value.trim() !== '')
			onDrop({ value, field, ref });
		return safe;
	};
}

/** Every URL field of a product the pages render that `safeHttpUrl` rejects, with its field path. */
export function unsafeUrlFields(product: {
	audio_url?: string | undefined;
	reviews: ReadonlyArray<{
		audio_url?: string | undefined;
		user: { image_url?: string | undefined };
	}>;
}): Array<{ field: string; value: string }> {
	const found: Array<{ field: string; value: string }> = [];
	const guard = createUrlGuard(({ field, value }) => found.push({ field, value }));
	// One pass at sync time, with the same rule the pages apply, so every drop is warned about once.
	guard(product.audio_url, 'audio_url', '');
	product.reviews.forEach((review, i) => {
		guard(review.audio_url, `reviews[${i}].audio_url`, '');
		guard(review.user.image_url, `reviews[${i}].user.image_url`, '');
	});
	return found;
}
