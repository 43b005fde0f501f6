import { describe, expect, it } from 'vitest';
import {
	createSlugger,
	foldRef,
	isReadableRef,
	MAX_SLUG_LENGTH,
	slugForRef,
} from '../../integration/src/routing/slug.js';
import { fnv1a64 } from '../../integration/src/seo/hash.js';

const SLUG_SHAPE = /^[\p{L}\p{N}_-][\p{L}\p{M}\p{N}_-]*$|^[\p{L}\p{M}\p{N}-]*~[0-9a-f]{12}$/u;

/** Reference FNV-1a 64 over TextEncoder bytes, the slow obvious way. */
function referenceFnv1a64(text: string): string {
	let hash = 0xcbf29ce484222325n;
	for (const byte of new TextEncoder().encode(text)) {
		hash ^= BigInt(byte);
		hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
	}
	return hash.toString(16).padStart(16, '0');
}

function expectPairwiseDistinctCaseInsensitively(slugs: readonly string[]): void {
	expect(new Set(slugs.map((slug) => slug.toLowerCase())).size).toBe(slugs.length);
	expect(new Set(slugs.map(foldRef)).size).toBe(slugs.length);
	expect(new Set(slugs.map((slug) => slug.normalize('NFD').toLowerCase())).size).toBe(slugs.length);
}

const HOSTILE_REFS = [
	'..',
	'.',
	'a/b',
	'../../etc/passwd',
	'a\\b',
	'100%',
	'a%2Fb',
	'red shoe',
	'?x#y',
	'what?x=1#top',
	'日本語',
	'🎧',
	'🎧-headphones',
	'x'.repeat(300),
	`long-${'x'.repeat(295)}`,
	'é'.repeat(300),
	'---',
	'~',
	'~abc',
	' ',
	'\t\n\u0000\u007f',
	'<script>',
	'caf\u00e9',
	'cafe\u0301',
	'Shoe-1',
	'shoe-1',
	'SHOE-1',
	'plain_ref-42',
	'\ud800',
	'\udbff',
];

describe('fnv1a64', () => {
	it('matches the published FNV-1a 64 test vectors', () => {
		expect(fnv1a64('')).toBe('cbf29ce484222325');
		expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
		expect(fnv1a64('foobar')).toBe('85944171f73967e8');
	});

	it('equals a BigInt reference over UTF-8 bytes for well-formed strings', () => {
		for (const text of [
			'café',
			'cafe\u0301',
			'日本語',
			'🎧-headphones',
			'a/b',
			'x'.repeat(300),
			'\u0000\u007f\u0080\u07ff\u0800\uffff',
		]) {
			expect(fnv1a64(text)).toBe(referenceFnv1a64(text));
		}
	});

	it('tells lone surrogates apart (TextEncoder would map both to U+FFFD)', () => {
		expect(fnv1a64('\ud800')).not.toBe(fnv1a64('\udbff'));
		expect(fnv1a64('\ud800')).not.toBe(fnv1a64('\ufffd'));
	});
});

describe('isReadableRef', () => {
	it('accepts NFC letters, marks and digits of any script, - and _, up to 200 UTF-8 bytes', () => {
		for (const ref of [
			'SKU-42',
			'a_b-C9',
			'x'.repeat(MAX_SLUG_LENGTH),
			'théière-éco-50',
			'日本語',
			'Straße',
			'чайник-2',
			'चाय',
			'é'.repeat(100),
		]) {
			expect(isReadableRef(ref), ref).toBe(true);
		}
	});

	it('rejects empty, ~, separators, dots, symbols, NFD, format characters and over-long refs', () => {
		for (const ref of [
			'',
			'~a',
			'a~b',
			'a/b',
			'a.b',
			'.',
			'a b',
			'cafe\u0301',
			'\u0301a',
			'a%2F',
			'🎧',
			'a\u200eb',
			'a\u202eb',
			'x'.repeat(MAX_SLUG_LENGTH + 1),
			'é'.repeat(101),
		]) {
			expect(isReadableRef(ref), ref).toBe(false);
		}
	});
});

describe('slugForRef', () => {
	it('keeps a readable ref without twin unchanged', () => {
		expect(slugForRef('SKU-42', false)).toBe('SKU-42');
		expect(slugForRef('théière-éco-50', false)).toBe('théière-éco-50');
	});

	it('escapes a ref with a twin to <readable>~<hash>', () => {
		expect(slugForRef('Shoe-1', true)).toBe(`shoe-1~${fnv1a64('Shoe-1').slice(0, 12)}`);
	});

	it('builds the readable part as documented', () => {
		const hash = (ref: string) => fnv1a64(ref).slice(0, 12);
		expect(slugForRef('red shoe', false)).toBe(`red-shoe~${hash('red shoe')}`);
		expect(slugForRef('../../etc/passwd', false)).toBe(`etc-passwd~${hash('../../etc/passwd')}`);
		expect(slugForRef('..', false)).toBe(`~${hash('..')}`);
		expect(slugForRef('日本語 茶', false)).toBe(`日本語-茶~${hash('日本語 茶')}`);
		expect(slugForRef('Crème Brûlée!', false)).toBe(`crème-brûlée~${hash('Crème Brûlée!')}`);
		expect(slugForRef('cafe\u0301', false)).toBe(`café~${hash('cafe\u0301')}`);
	});

	it('cuts the readable part to 48 chars without a trailing dash', () => {
		const ref = `${'a'.repeat(47)} b${'c'.repeat(100)}`;
		expect(slugForRef(ref, false)).toBe(`${'a'.repeat(47)}~${fnv1a64(ref).slice(0, 12)}`);
		expect(slugForRef('x'.repeat(300), false)).toBe(
			`${'x'.repeat(48)}~${fnv1a64('x'.repeat(300)).slice(0, 12)}`,
		);
	});
});

describe('createSlugger', () => {
	it('uses plain refs unchanged', () => {
		const slugger = createSlugger(['SKU-42', 'chair_oak', 'A1']);
		expect(slugger.slugFor('SKU-42')).toBe('SKU-42');
		expect(slugger.slugFor('chair_oak')).toBe('chair_oak');
		expect(slugger.slugFor('A1')).toBe('A1');
		expect(slugger.refFor('SKU-42')).toBe('SKU-42');
	});

	it('escapes both case twins, to slugs distinct case-insensitively', () => {
		const slugger = createSlugger(['Shoe-1', 'shoe-1', 'boot']);
		const upper = slugger.slugFor('Shoe-1');
		const lower = slugger.slugFor('shoe-1');
		expect(upper).toMatch(/^shoe-1~[0-9a-f]{12}$/);
		expect(lower).toMatch(/^shoe-1~[0-9a-f]{12}$/);
		expect(upper.toLowerCase()).not.toBe(lower.toLowerCase());
		expect(slugger.slugFor('boot')).toBe('boot');
		expect(slugger.refFor(upper)).toBe('Shoe-1');
	});

	it('escapes folded twins: NFC and NFD café, ß and SS, compatibility forms', () => {
		const nfc = 'caf\u00e9';
		const nfd = 'cafe\u0301';
		const slugger = createSlugger([nfc, nfd, 'Straße', 'STRASSE', 'ﬁle', 'file', 'théière']);
		expect(slugger.slugFor(nfc)).toMatch(/^café~[0-9a-f]{12}$/);
		expect(slugger.slugFor(nfd)).toMatch(/^café~[0-9a-f]{12}$/);
		expect(slugger.slugFor('Straße')).toMatch(/^straße~[0-9a-f]{12}$/);
		expect(slugger.slugFor('STRASSE')).toMatch(/^strasse~[0-9a-f]{12}$/);
		expect(slugger.slugFor('file')).toMatch(/^file~[0-9a-f]{12}$/);
		expect(slugger.slugFor('théière')).toBe('théière');
		expect(slugger.slugFor(nfc)).not.toBe(slugger.slugFor(nfd));
	});

	it('makes every hostile ref a safe, short segment, pairwise distinct case-insensitively', () => {
		const slugger = createSlugger(HOSTILE_REFS);
		const slugs = HOSTILE_REFS.map((ref) => slugger.slugFor(ref));
		for (const [i, slug] of slugs.entries()) {
			const ref = HOSTILE_REFS[i];
			expect(slug, JSON.stringify(ref)).toMatch(SLUG_SHAPE);
			expect(new TextEncoder().encode(slug).length, JSON.stringify(ref)).toBeLessThanOrEqual(
				MAX_SLUG_LENGTH + 5,
			);
			expect(slug).not.toMatch(/[/\\.%?#\s\p{Cc}]/u);
			expect(slugger.refFor(slug)).toBe(ref);
		}
		expectPairwiseDistinctCaseInsensitively(slugs);
		// Only readable refs without twin survive unchanged (`---` is one too).
		expect(slugs.filter((slug, i) => slug === HOSTILE_REFS[i])).toEqual([
			'日本語',
			'---',
			'plain_ref-42',
		]);
	});

	it('is deterministic and independent of iteration order', () => {
		const forward = createSlugger(HOSTILE_REFS);
		const backward = createSlugger([...HOSTILE_REFS].reverse());
		const again = createSlugger(HOSTILE_REFS);
		for (const ref of HOSTILE_REFS) {
			expect(backward.slugFor(ref)).toBe(forward.slugFor(ref));
			expect(again.slugFor(ref)).toBe(forward.slugFor(ref));
		}
	});

	it('ignores duplicate refs in the input', () => {
		const slugger = createSlugger(['a', 'a', 'A']);
		expect(slugger.slugFor('a')).toMatch(/^a~[0-9a-f]{12}$/);
		expect(slugger.slugFor('A')).not.toBe(slugger.slugFor('a'));
	});

	it('throws a clear error for a ref outside the catalogue', () => {
		const slugger = createSlugger(['a']);
		expect(() => slugger.slugFor('b')).toThrow(/"b".*not in the catalogue/);
	});

	it('slugs 100k refs (a third of them escaped), all distinct', () => {
		const refs: string[] = [];
		for (let i = 0; i < 100_000; i++) {
			if (i % 3 === 0) refs.push(`product ${i} / café`);
			else if (i % 3 === 1) refs.push(`SKU-${i}`);
			else refs.push(`sku-${i - 1}`); // case twin of the previous ref
		}
		const slugger = createSlugger(refs);
		const slugs = refs.map((ref) => slugger.slugFor(ref));
		expectPairwiseDistinctCaseInsensitively(slugs);
		expect(slugs[1]).toMatch(/^sku-1~[0-9a-f]{12}$/);
		expect(slugs[0]).toMatch(/^product-0-café~[0-9a-f]{12}$/);
	});
});
