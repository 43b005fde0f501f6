/**
 * mulberry32: a tiny seeded PRNG. Written here rather than taken from a library because the
 * simulator needs the same catalogue and the same fault sequence on every run (tests compare
 * against it, benchmarks must be reproducible, a failing run must be replayable) and
 * `Math.random` cannot be seeded. Statistical quality is ample for demo data; it is not crypto.
 */
export function mulberry32(seed: number): Random {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export type Random = () => number;

/**
 * Mixes several integers into one 32-bit seed (murmur3 finaliser). Each product and each
 * transcript gets its own stream derived from (seed, index, …), so any product can be
 * regenerated alone, in any order, and always comes out identical.
 */
export function mixSeed(...parts: number[]): number {
	let h = 0x9e3779b9;
	for (const part of parts) {
		h = Math.imul(h ^ (part >>> 0), 0x85ebca6b);
		h ^= h >>> 13;
		h = Math.imul(h, 0xc2b2ae35);
		h ^= h >>> 16;
	}
	return h >>> 0;
}

export const pick = <T>(random: Random, items: readonly T[]): T =>
	items[Math.floor(random() * items.length)]!;
export const int = (random: Random, min: number, max: number): number =>
	min + Math.floor(random() * (max - min + 1));
export const chance = (random: Random, probability: number): boolean => random() < probability;

/** Byte to two hex digits: `Number#toString(16)` on values above 2^31 is a slow path in V8. */
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

function hex8(random: Random): string {
	const n = Math.floor(random() * 4294967296);
	return (
		HEX[(n >>> 24) & 0xff]! + HEX[(n >>> 16) & 0xff]! + HEX[(n >>> 8) & 0xff]! + HEX[n & 0xff]!
	);
}

/**
 * A v4-shaped UUID drawn from the seeded generator (version nibble 4, RFC 4122 variant), so ids
 * look real and pass UUID validation while staying reproducible. Four draws, not 32: the
 * catalogue makes over a million of them for 100k products.
 */
export function uuid(random: Random): string {
	const a = hex8(random);
	const b = hex8(random);
	const c = hex8(random);
	const d = hex8(random);
	const variant = ((parseInt(c[0]!, 16) & 0x3) | 0x8).toString(16);
	return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`;
}
