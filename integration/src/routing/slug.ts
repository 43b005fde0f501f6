/**
 * Product refs → URL path segments (docs/pages-and-seo.md, "Product URLs").
 *
 * ## Scheme
 *
 * - A **readable** ref is used unchanged: one made only of letters, combining marks and digits
 *   of any script plus `-` and `_` (not starting with a mark), in Unicode NFC, at most 200 UTF-8
 *   bytes, that no other ref of the catalogue equals after folding (NFKC, then case folded):
 *   `SKU-42` → `/products/SKU-42/`, `théière-éco-50` → `/products/théière-éco-50/`,
 *   `日本語` → `/products/日本語/`.
 * - Every other ref is **escaped** to `<readable>~<hash>`:
 *   - `<readable>`: the ref in NFC, lower-cased, every run of characters other than letters,
 *     marks and digits replaced by `-`, trimmed of `-`, cut to 48 code points. It is only there
 *     for humans and may be empty, giving `~<hash>`.
 *   - `<hash>`: the first 12 hex chars (48 bits) of the 64-bit FNV-1a hash of the exact UTF-8
 *     bytes of the ref: case-sensitive and *not* normalised, so `café` in NFC and in NFD are
 *     two refs with two slugs.
 *
 *   Examples: `red shoe` → `red-shoe~<hash>`, `a/b` → `a-b~<hash>`, `..` → `~<hash>`,
 *   `100%` → `100~<hash>`, and the twins `Shoe-1` / `shoe-1` → `shoe-1~<hash1>` /
 *   `shoe-1~<hash2>`, `café` (NFC) / `café` (NFD) → `café~<hash1>` / `café~<hash2>`.
 *
 * "Folding" is `normalize('NFKC')`, upper- then lower-casing (so `ß` meets `SS`), and NFKC again.
 * A slug thus holds only letters, marks, digits, `-`, `_` and `~`: never `/`, `\`, `.`, `%`, `?`,
 * `#`, whitespace, control, format (bidi) or private-use characters, and at most 205 UTF-8 bytes.
 *
 * ## Why
 *
 * - Astro decodes a request path before matching it against `getStaticPaths` params, and fails
 *   the build when a `[ref]` param holds `/` or a `..` segment: refs like `a/b`, `a%2Fb` or
 *   `../../etc/passwd` cannot be used as they are, and must never write outside `dist/`.
 * - Astro silently merges two paths that are equal after NFC/NFD normalisation, dropping a page;
 *   macOS and Windows file systems are case-insensitive (and macOS's normalisation-insensitive):
 *   `Shoe-1/index.html` and `shoe-1/index.html` would overwrite each other. Readable slugs are
 *   NFC and have no folded twin, escaped ones are lower-case and carry a `~` that readable ones
 *   never hold, so two distinct refs never map to paths that are equal once folded. The slugger
 *   still checks this for the whole catalogue and fails the build, naming both refs, on a
 *   (practically impossible) hash collision instead of losing a page.
 * - File names are limited to 255 bytes (ext4, APFS, NTFS) and Astro may append `.html`
 *   (`build.format: 'file'`): a ref over 200 UTF-8 bytes cannot be its own file name.
 * - Windows reserved device names (`CON`, `NUL`, `COM1`…) stay unchanged: URLs must not depend on
 *   the OS that builds the site, and Astro sites deploy from Linux CI.
 * - Google reads UTF-8 paths (percent-encoded on the wire, shown decoded): a French or Japanese
 *   shop's ref is its URL.
 * - The scheme is a pure function of the set of refs: the same catalogue gives the same URLs on
 *   every build, whatever order the service lists products in.
 */
import { AudioReviewsError } from '../errors/errors.js';
import { fnv1a64 } from '../seo/hash.js';

const READABLE = /^[\p{L}\p{N}_-][\p{L}\p{M}\p{N}_-]*$/u;
/** Most UTF-8 bytes of a ref used as its own slug. */
export const MAX_SLUG_LENGTH = 200;
const READABLE_MAX = 48;
const HASH_LENGTH = 12;
const utf8 = new TextEncoder();

/** Whether a ref may be its own path segment (before the catalogue-wide twin check). */
export function isReadableRef(ref: string): boolean {
	// `READABLE` excludes `~`, the escaped slugs' marker, so the two forms cannot meet.
	return (
		ref.length <= MAX_SLUG_LENGTH &&
		READABLE.test(ref) &&
		ref.normalize('NFC') === ref &&
		utf8.encode(ref).length <= MAX_SLUG_LENGTH
	);
}

/** The key two refs share when a case- or normalisation-insensitive file system would confuse them. */
export function foldRef(ref: string): string {
	return ref.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
}

/** The slug of one ref; `hasTwin` when another ref of the catalogue has the same `foldRef`. */
export function slugForRef(ref: string, hasTwin: boolean): string {
	if (!hasTwin && isReadableRef(ref)) return ref;
	return `${readablePart(ref)}~${fnv1a64(ref).slice(0, HASH_LENGTH)}`;
}

function readablePart(ref: string): string {
	const words = ref
		.normalize('NFC')
		.toLowerCase()
		.replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
		// A mark with nothing to combine with (after a separator) would render on the hyphen.
		.replace(/(^|-)\p{M}+/gu, '$1')
		.replace(/^-+|-+$/g, '');
	return [...words].slice(0, READABLE_MAX).join('').replace(/-+$/, '');
}

export interface Slugger {
	/** The slug of a ref of the catalogue; throws for any other ref. */
	slugFor(ref: string): string;
	/** Inverse lookup: the ref a slug was made from. */
	refFor(slug: string): string | undefined;
}

/** Slugs for a whole catalogue, computed once in O(n): case twins can only be seen with every ref at hand. */
export function createSlugger(refs: Iterable<string>): Slugger {
	const unique = [...new Set(refs)];
	const folded = unique.map(foldRef);
	const foldedCounts = new Map<string, number>();
	for (const key of folded) foldedCounts.set(key, (foldedCounts.get(key) ?? 0) + 1);

	const slugs = new Map<string, string>();
	// Folded set of the produced slugs (what a case-insensitive file system sees) → owner.
	const owners = new Map<string, string>();
	for (const [i, ref] of unique.entries()) {
		const slug = slugForRef(ref, (foldedCounts.get(folded[i]!) ?? 0) > 1);
		const key = foldRef(slug);
		const owner = owners.get(key);
		if (owner !== undefined) {
			throw new AudioReviewsError(
				`astro-audio-reviews: product refs ${JSON.stringify(owner)} and ${JSON.stringify(ref)} map to the same page path segment "${slug}" ` +
					'(hash collision); rename one of them in the back office',
			);
		}
		owners.set(key, ref);
		slugs.set(ref, slug);
	}

	// Only needed by a few callers: built on first use rather than for every catalogue.
	let bySlug: Map<string, string> | undefined;
	return {
		slugFor(ref) {
			const slug = slugs.get(ref);
			if (slug === undefined) {
				throw new AudioReviewsError(
					`astro-audio-reviews: no slug for product ref ${JSON.stringify(ref)}: it is not in the catalogue the slugger was created with; create the slugger with every ref of the catalogue`,
				);
			}
			return slug;
		},
		refFor(slug) {
			bySlug ??= new Map([...slugs].map(([ref, own]) => [own, ref]));
			return bySlug.get(slug);
		},
	};
}
