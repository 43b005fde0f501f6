// A readable ref is its own slug, any other becomes `<readable>~<hash>`: no slug holds a path
// trick, outgrows a file name or meets another's once case and Unicode are folded.
import { AudioReviewsError } from '../errors/errors.js';
import { fnv1a64 } from '../seo/hash.js';

const READABLE = /^[\p{L}\p{N}_-][\p{L}\p{M}\p{N}_-]*$/u;
/** Most UTF-8 bytes of a ref used as its own slug. */
export const MAX_SLUG_LENGTH = 200;
const READABLE_MAX = 48;
const HASH_LENGTH = 12;
const utf8 = new TextEncoder();

export function isReadableRef(ref: string): boolean {
	// `READABLE` excludes `~`, the escaped slugs' marker, so the two forms cannot meet.
	return (
		ref.length <= MAX_SLUG_LENGTH &&
		READABLE.test(ref) &&
		ref.normalize('NFC') === ref &&
		utf8.encode(ref).length <= MAX_SLUG_LENGTH
	);
}

/** What a case- or normalisation-insensitive file system would confuse two refs by. */
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
	slugFor(ref: string): string;
	refFor(slug: string): string | undefined;
}

/** Slugs for a whole catalogue: case twins can only be seen with every ref at hand. */
export function createSlugger(refs: Iterable<string>): Slugger {
	const unique = [...new Set(refs)];
	const folded = unique.map(foldRef);
	const foldedCounts = new Map<string, number>();
	for (const key of folded) foldedCounts.set(key, (foldedCounts.get(key) ?? 0) + 1);

	const slugs = new Map<string, string>();
	// Folded produced slugs (what a case-insensitive file system sees) → owner.
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
