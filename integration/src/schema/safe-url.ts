// Only absolute http(s) URLs reach attributes or JSON-LD: a `javascript:` or `data:` URL from the
// untrusted service would run script on the user's site.

// Checked before `new URL()`, which accepts `https:example.com` and resolves relative URLs.
const ABSOLUTE_HTTP = /^https?:\/\//i;

/** The normalised absolute http(s) URL, or undefined (relative, other schemes, credentials). */
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
	return url.href;
}

export interface DroppedUrl {
	value: string;
	field: string;
	ref: string;
}

export type UrlGuard = (
	value: string | undefined,
	field: string,
	ref: string,
) => string | undefined;

/** A `safeHttpUrl` that reports each non-empty value it drops, to warn with ref and field. */
export function createUrlGuard(onDrop: (info: DroppedUrl) => void): UrlGuard {
	return (value, field, ref) => {
		const safe = safeHttpUrl(value);
		// An absent or blank URL is just "no audio": not worth a warning.
		if (safe === undefined && typeof value === 'string' && value.trim() !== '')
			onDrop({ value, field, ref });
		return safe;
	};
}

export function unsafeUrlFields(product: {
	audio_url?: string | undefined;
	reviews: ReadonlyArray<{
		audio_url?: string | undefined;
		user: { image_url?: string | undefined };
	}>;
}): Array<{ field: string; value: string }> {
	const found: Array<{ field: string; value: string }> = [];
	const guard = createUrlGuard(({ field, value }) => found.push({ field, value }));
	// At sync time, with the pages' rule, so every drop is warned about once.
	guard(product.audio_url, 'audio_url', '');
	product.reviews.forEach((review, i) => {
		guard(review.audio_url, `reviews[${i}].audio_url`, '');
		guard(review.user.image_url, `reviews[${i}].user.image_url`, '');
	});
	return found;
}
