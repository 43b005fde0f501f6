/**
 * Product refs → URL path segments (CONTRACT.md "Product pages").
 *
 * Scheme:
 * - A *plain* ref (only ASCII letters, digits, `-`, `_`) that no other ref of the catalogue
 *   equals case-insensitively is used unchanged: `SKU-42` → `/products/SKU-42/`.
 * - Every other ref gets `<readable>~<hash>`: `<readable>` is the ref NFKD-normalised, marks
 *   removed, lower-cased, every run of other characters turned into `-`, cut to 48 chars (it
 *   may be empty); `<hash>` is 12 hex chars of a 64-bit FNV-1a hash of the exact UTF-8 ref.
 *   `red shoe` → `red-shoe~1c0f…`, `a/b` → `a-b~…`, `..` → `~…`, `Shoe-1` and `shoe-1` (case
 *   twins) → `shoe-1~<two different hashes>`.
 *
 * Why: Astro decodes a page's path before matching it against `getStaticPaths` params and
 * fails the build on a `/` or `..` in a `[ref]` param; it silently keeps one of two paths that
 * are equal after NFC/NFD normalisation; and macOS and Windows file systems are
 * case-insensitive, so `Shoe-1/index.html` and `shoe-1/index.html` would overwrite each other.
 * Plain slugs never contain `~` and escaped slugs are all lower-case, so two distinct refs never
 * map to paths equal case-insensitively; the slugger checks this anyway and fails loudly on a
 * (practically impossible) hash collision instead of dropping a page.
 */
import { fnv1a64 } from './hash.js';

const PLAIN = /^[A-Za-z0-9_-]+$/;
const READABLE_MAX = 48;
const HASH_LENGTH = 12;

/** Whether a ref may be used as its own path segment (before the case-twin check). */
export function isPlainRef(ref: string): boolean {
	return PLAIN.test(ref);
}

/** The slug of one ref; `hasCaseTwin` when another ref of the catalogue equals it case-insensitively. */
export function slugForRef(ref: string, hasCaseTwin: boolean): string {
	if (isPlainRef(ref) && !hasCaseTwin) return ref;
	const readable = ref
		.normalize('NFKD')
		.replace(/\p{M}+/gu, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.slice(0, READABLE_MAX)
		.replace(/^-+|-+$/g, '');
	return `${readable}~${fnv1a64(ref).slice(0, HASH_LENGTH)}`;
}

export interface Slugger {
	slugFor(ref: string): string;
	/** Inverse lookup: the ref a slug was made from. */
	refFor(slug: string): string | undefined;
}

/** Slugs for a whole catalogue, computed once: case twins need to see every ref. */
export function createSlugger(refs: Iterable<string>): Slugger {
	const unique = [...new Set(refs)];
	const folded = new Map<string, number>();
	for (const ref of unique) {
		const key = ref.toLowerCase();
		folded.set(key, (folded.get(key) ?? 0) + 1);
	}
	const slugs = new Map<string, string>();
	const owners = new Map<string, string>();
	const bySlug = new Map<string, string>();
	for (const ref of unique) {
		const slug = slugForRef(ref, (folded.get(ref.toLowerCase()) ?? 0) > 1);
		const key = slug.toLowerCase();
		const owner = owners.get(key);
		if (owner !== undefined) {
			throw new Error(
				`astro-audio-reviews: product refs ${JSON.stringify(owner)} and ${JSON.stringify(ref)} map to the same page path "${slug}"; rename one of them in the backoffice`,
			);
		}
		owners.set(key, ref);
		slugs.set(ref, slug);
		bySlug.set(slug, ref);
	}
	return {
		slugFor(ref) {
			const slug = slugs.get(ref);
			if (slug === undefined) throw new Error(`astro-audio-reviews: no slug for unknown ref ${JSON.stringify(ref)}`);
			return slug;
		},
		refFor: (slug) => bySlug.get(slug),
	};
}
