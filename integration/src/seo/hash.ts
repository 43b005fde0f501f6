// 64-bit FNV-1a, written here rather than imported because slugs are computed synchronously (in
// `getStaticPaths`, and in edge SSR runtimes).

// FNV-1a 64 offset basis 0xcbf29ce484222325, split into halves.
const OFFSET_HI = 0xcbf29ce4;
const OFFSET_LO = 0x84222325;
// FNV 64 prime is 2^40 + 0x1b3: multiplying by it is `* 0x1b3` plus a 40-bit left shift.
const PRIME_LO = 0x1b3;
const TWO_32 = 0x1_0000_0000;

// Reused across calls (hashing is synchronous, so never shared mid-use): one allocation for a
// whole catalogue instead of one per ref. Grown on demand for longer refs.
let scratch = new Uint8Array(256);

/** FNV-1a 64 of the UTF-8 bytes of `text`, as 16 lowercase hex chars. */
export function fnv1a64(text: string): string {
	const length = encodeUtf8(text);
	const bytes = scratch;
	let hi = OFFSET_HI;
	let lo = OFFSET_LO;
	for (let i = 0; i < length; i++) {
		lo = (lo ^ bytes[i]!) >>> 0;
		const low = lo * PRIME_LO; // < 2^41: exact in a double
		// High half: hi * 0x1b3, plus lo << 40 (which lands in the high half as lo << 8), plus the carry.
		hi = (hi * PRIME_LO + ((lo << 8) >>> 0) + Math.floor(low / TWO_32)) >>> 0;
		lo = low >>> 0;
	}
	return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}

/** UTF-8 of `text` into `scratch`, returning the byte count. */
function encodeUtf8(text: string): number {
	// At most 3 bytes per UTF-16 code unit (a surrogate pair is 2 units → 4 bytes).
	if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
	const out = scratch;
	let n = 0;
	for (let i = 0; i < text.length; i++) {
		let code = text.charCodeAt(i);
		if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
			const next = text.charCodeAt(i + 1);
			if (next >= 0xdc00 && next <= 0xdfff) {
				code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
				i++;
			}
		}
		if (code < 0x80) {
			out[n++] = code;
		} else if (code < 0x800) {
			out[n++] = 0xc0 | (code >> 6);
			out[n++] = 0x80 | (code & 0x3f);
		} else if (code < 0x10000) {
			out[n++] = 0xe0 | (code >> 12);
			out[n++] = 0x80 | ((code >> 6) & 0x3f);
			out[n++] = 0x80 | (code & 0x3f);
		} else {
			out[n++] = 0xf0 | (code >> 18);
			out[n++] = 0x80 | ((code >> 12) & 0x3f);
			out[n++] = 0x80 | ((code >> 6) & 0x3f);
			out[n++] = 0x80 | (code & 0x3f);
		}
	}
	return n;
}
