/**
 * 64-bit FNV-1a, written here rather than imported because slugs are computed synchronously
 * (in `getStaticPaths`, and in edge SSR runtimes): `node:crypto` is Node-only and WebCrypto's
 * `digest` is async. It only has to tell refs apart, not resist an attacker; the slugger
 * verifies that no two refs collide anyway.
 *
 * The 64-bit state is kept as two unsigned 32-bit halves instead of a BigInt: BigInt
 * arithmetic per byte made a 100k-ref catalogue take seconds, plain numbers take milliseconds.
 * The result is bit-for-bit the reference FNV-1a 64 (the tests compare with a BigInt version).
 */

// FNV-1a 64 offset basis 0xcbf29ce484222325, split into halves.
const OFFSET_HI = 0xcbf29ce4;
const OFFSET_LO = 0x84222325;
// FNV 64 prime is 2^40 + 0x1b3: multiplying by it is `* 0x1b3` plus a 40-bit left shift.
const PRIME_LO = 0x1b3;
const TWO_32 = 0x1_0000_0000;

/** FNV-1a 64 of the UTF-8 bytes of `text`, as 16 lowercase hex chars. */
export function fnv1a64(text: string): string {
	let hi = OFFSET_HI;
	let lo = OFFSET_LO;
	const step = (byte: number): void => {
		lo = (lo ^ byte) >>> 0;
		const low = lo * PRIME_LO; // < 2^41: exact in a double
		// High half: hi * 0x1b3, plus lo << 40 (lands in the high half as lo << 8), plus the carry.
		hi = (hi * PRIME_LO + ((lo << 8) >>> 0) + Math.floor(low / TWO_32)) >>> 0;
		lo = low >>> 0;
	};
	// UTF-8 encoded by hand so no buffer is allocated per ref. A lone surrogate (possible in a
	// JSON string) is encoded as its own 3 bytes (WTF-8) instead of TextEncoder's U+FFFD, so two
	// refs that differ only in which lone surrogate they hold still hash differently.
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
			step(code);
		} else if (code < 0x800) {
			step(0xc0 | (code >> 6));
			step(0x80 | (code & 0x3f));
		} else if (code < 0x10000) {
			step(0xe0 | (code >> 12));
			step(0x80 | ((code >> 6) & 0x3f));
			step(0x80 | (code & 0x3f));
		} else {
			step(0xf0 | (code >> 18));
			step(0x80 | ((code >> 12) & 0x3f));
			step(0x80 | ((code >> 6) & 0x3f));
			step(0x80 | (code & 0x3f));
		}
	}
	return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}
