/**
 * Product refs → URL path segments (CONTRACT.md "Product pages").
 *
 * ## Scheme
 *
 * - A **plain** ref — 1 to 200 chars, only ASCII letters, digits, `-` and `_` — that no other
 *   ref of the catalogue equals case-insensitively is used unchanged:
 *   `SKU-42` → `/products/SKU-42/`.
 * - Every other ref is **escaped** to `<readable>~<hash>`:
 *   - `<readable>`: the ref NFKD-normalised, combining marks removed, lower-cased, every run of
 *     characters outside `[a-z0-9]` replaced by `-`, trimmed of `-`, cut to 48 chars (and
 *     trimmed of a trailing `-` again). It is only there for humans and may be empty, giving
 *     `~<hash>`.
 *   - `<hash>`: the first 12 hex chars (48 bits) of the 64-bit FNV-1a hash of the exact UTF-8
 *     bytes of the ref — case-sensitive and *not* normalised, so `café` in NFC and in NFD are
 *     two refs with two slugs.
 *
 *   Examples: `red shoe` → `red-shoe~<hash>`, `a/b` → `a-b~<hash>`, `..` → `~<hash>`,
 *   `café` → `cafe~<hash>`, `日本語` → `~<hash>`, and the case twins `Shoe-1` / `shoe-1` →
 *   `shoe-1~<hash1>` / `shoe-1~<hash2>`.
 *
 * "Case-insensitively" means equal after `String#toLowerCase()`. A slug is thus at most 200
 * chars (an escaped one at most 61) and only ever holds `[A-Za-z0-9_~-]`: never `/`, `\`, `.`, `%`, `?`, `#`, whitespace
 * or control characters.
 *
 * ## Why
 *
 * - Astro decodes a request path before matching it against `getStaticPaths` params, and fails
 *   the build when a `[ref]` param holds `/` or a `..` segment: refs like `a/b`, `a%2Fb` or
 *   `../../etc/passwd` cannot be used as they are, and must never write outside `dist/`.
 * - Astro silently merges two paths that are equal after NFC/NFD normalisation, dropping a page.
 * - macOS and Windows file systems are case-insensitive: `Shoe-1/index.html` and
 *   `shoe-1/index.html` would overwrite each other. Plain slugs never contain `~` and escaped
 *   ones are all lower-case, so two distinct refs never map to paths that are equal
 *   case-insensitively. The slugger still checks this for the whole catalogue and fails the
 *   build, naming both refs, on a (practically impossible) hash collision instead of losing a
 *   page.
 * - File names are limited to 255 bytes (ext4, APFS, NTFS) and Astro may append `.html`
 *   (`build.format: 'file'`): a plain ref over 200 chars cannot be its own file name, so it is
 *   escaped. This is the only place the scheme departs from "plain refs unchanged", and only
 *   where the file system leaves no choice.
 * - Windows reserved device names (`CON`, `NUL`, `COM1`…) are plain refs and stay unchanged:
 *   URLs must not depend on the OS that builds the site, and Astro sites deploy from Linux CI.
 * - The scheme is a pure function of the set of refs: the same catalogue gives the same URLs on
 *   every build, whatever order the service lists products in.
 */
import { fnv1a64 } from './hash.js';

const PLAIN = /^[A-Za-z0-9_-]+$/;
/** Longest ref used as its own slug; also the upper bound of every slug. */
export const MAX_SLUG_LENGTH = 200;
const READABLE_MAX = 48;
const HASH_LENGTH = 12;

/** Whether a ref may be its own path segment (before the catalogue-wide case-twin check). */
export function isPlainRef(ref: string): boolean {
	// `PLAIN` already excludes `~`, the escaped slugs' marker, so the two forms cannot meet.
	return ref.length <= MAX_SLUG_LENGTH && PLAIN.test(ref);
}

/** The slug of one ref; `hasCaseTwin` when another ref of the catalogue equals it case-insensitively. */
export function slugForRef(ref: string, hasCaseTwin: boolean): string {
	if (!hasCaseTwin && isPlainRef(ref)) return ref;
	return `${readablePart(ref)}~${fnv1a64(ref).slice(0, HASH_LENGTH)}`;
}

function readablePart(ref: string): string {
	return ref
		.normalize('NFKD')
		.replace(/\p{M}+/gu, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
		.slice(0, READABLE_MAX)
		.replace(/-+$/, '');
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
	const folded = unique.map((ref) => ref.toLowerCase());
	const foldedCounts = new Map<string, number>();
	for (const key of folded) foldedCounts.set(key, (foldedCounts.get(key) ?? 0) + 1);

	const slugs = new Map<string, string>();
	// Case-insensitive set of the produced slugs (what a case-insensitive file system sees) → owner.
	const owners = new Map<string, string>();
	for (const [i, ref] of unique.entries()) {
		const slug = slugForRef(ref, (foldedCounts.get(folded[i]!) ?? 0) > 1);
		const key = slug.toLowerCase();
		const owner = owners.get(key);
		if (owner !== undefined) {
			throw new Error(
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
				throw new Error(`astro-audio-reviews: no slug for product ref ${JSON.stringify(ref)}: it is not in the catalogue the slugger was created with`);
			}
			return slug;
		},
		refFor(slug) {
			bySlug ??= new Map([...slugs].map(([ref, own]) => [own, ref]));
			return bySlug.get(slug);
		},
	};
}
